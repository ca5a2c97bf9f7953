import { applyDecorators } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { ApiException } from '../common/errors/api-exception';

/** The Idempotency-Key header as sent, checked: 1-255 visible ASCII characters, or absent. */
export function checkedIdempotencyKey(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.length < 1 || value.length > 255 || !/^[\x21-\x7E]+$/.test(value)) {
    throw ApiException.validation([
      { field: 'Idempotency-Key', message: 'Idempotency-Key must be 1-255 visible ASCII characters' },
    ]);
  }
  return value;
}

/** The optional Idempotency-Key header in the API document, with the bounds checkedIdempotencyKey holds. */
export function ApiIdempotencyKey(): MethodDecorator {
  return applyDecorators(
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      description: 'Your key for this request: 1-255 visible ASCII characters',
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' },
    }),
  );
}
