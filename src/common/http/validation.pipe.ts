import { ValidationError, ValidationPipe } from '@nestjs/common';
import { ApiException, FieldError } from '../errors/api-exception';

function flatten(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const isIndex = /^\d+$/.test(error.property);
    const field = parent ? (isIndex ? `${parent}[${error.property}]` : `${parent}.${error.property}`) : error.property;
    const own = Object.entries(error.constraints ?? {}).map(([rule, message]) => ({
      field,
      message: rule === 'whitelistValidation' ? `${field} is not an accepted field` : message,
    }));
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

/**
 * Request validation for every route: unknown fields are rejected (not silently dropped), values
 * are converted only where a DTO says so, and each error names its field in `details`.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    // One message per field: the first rule it breaks ("is required" rather than also "must be a string").
    stopAtFirstError: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const details = flatten(errors);
      const fields = [...new Set(details.map((detail) => detail.field))].join(', ');
      return ApiException.validation(details, `Invalid request: ${fields}`);
    },
  });
}
