import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
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

/** Keys that can reach an object's prototype; refused anywhere in a body or query. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Deeper than any request goes (a post's containers[0].media[0].url is 4 levels). Deeper values are
 * refused here, before the ValidationPipe and class-transformer recurse into them: a body of
 * nested brackets within the size limit overflowed their stack (a 500).
 */
const MAX_DEPTH = 16;

/** Prototype keys, and values nested deeper than MAX_DEPTH, anywhere in a body or query. */
function refusedKeys(value: unknown, path: string, depth = 0): FieldError[] {
  if (typeof value !== 'object' || value === null) return [];
  if (depth >= MAX_DEPTH)
    return [{ field: path, message: `${path} is nested too deeply (at most ${MAX_DEPTH} levels)` }];
  return Object.keys(value).flatMap((key) => {
    const field = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    if (PROTOTYPE_KEYS.has(key)) return [{ field, message: `${field} is not an accepted field` }];
    return refusedKeys((value as Record<string, unknown>)[key], field, depth + 1);
  });
}

/** The ValidationPipe, plus a refusal of prototype keys (which class-transformer skips silently) and of too deep nesting. */
class ApiValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' || metadata.type === 'query') {
      const forbidden = refusedKeys(value, '');
      if (forbidden.length)
        throw ApiException.validation(forbidden, `Invalid request: ${forbidden.map((f) => f.field).join(', ')}`);
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
    exceptionFactory: (errors) => {
      const details = flatten(errors);
      const fields = [...new Set(details.map((detail) => detail.field))].join(', ');
      return ApiException.validation(details, `Invalid request: ${fields}`);
    },
  });
}
