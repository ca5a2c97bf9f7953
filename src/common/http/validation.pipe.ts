import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { ApiException, FieldError } from '../errors/api-exception';
import { MAX_PROBLEMS, shapeProblems, tooManyFields as tooManyFieldsRefusal } from './request-shape';

/**
 * The refusal for the problems found: at most MAX_PROBLEMS of them in `details`, the rest counted
 * in the message, so the answer stays small whatever the request held.
 */
function refusal(all: FieldError[]): ApiException {
  const details = all.slice(0, MAX_PROBLEMS);
  const fields = [...new Set(details.map((detail) => detail.field))].join(', ');
  const more = all.length - details.length;
  return ApiException.validation(
    details,
    `Invalid request: ${fields}${more > 0 ? ` (and ${more} more problem${more === 1 ? '' : 's'})` : ''}`,
  );
}

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
 * The ValidationPipe, after a bounded look at the request's shape: prototype keys (which
 * class-transformer skips silently), too deep nesting and too many fields are refused first.
 */
class ApiValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' || metadata.type === 'query') {
      const { problems, tooManyFields } = shapeProblems(value);
      if (tooManyFields) throw tooManyFieldsRefusal(metadata.type);
      if (problems.length) throw refusal(problems);
    }
    if (metadata.type === 'body' && value === undefined) return this.transformEmptyBody(metadata);
    return super.transform(value, metadata);
  }

  /**
   * No body (none sent, or an empty one as application/json): what the route's body class makes of
   * `{}`. A body of optional fields only takes it; one with required fields is refused, saying the
   * body is empty as well as naming the fields.
   */
  private async transformEmptyBody(metadata: ArgumentMetadata): Promise<unknown> {
    try {
      return await super.transform(undefined, metadata);
    } catch (error) {
      if (!(error instanceof ApiException) || !error.details) throw error;
      const fields = [...new Set(error.details.map((detail) => detail.field))].join(', ');
      throw ApiException.validation(
        error.details,
        `The request body is empty; this route needs a JSON object with ${fields}`,
      );
    }
  }
}

/**
 * Request validation for every route: unknown fields are rejected (not silently dropped), values
 * are converted only where a DTO says so, and each error names its field in `details`.
 */
export function createValidationPipe(): ValidationPipe {
  return new ApiValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    // One message per field: the first rule it breaks ("is required" rather than also "must be a string").
    stopAtFirstError: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => refusal(flatten(errors)),
  });
}
