import { applyDecorators, HttpStatus, Type } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { ErrorEnvelopeDto } from './error-envelope.dto';
import { PaginationDto } from './pagination.dto';

/**
 * Documents a success answer `{ success: true, data: <model> }` (or data: model[]). A paginated
 * list (its handler returns Paginated) has `data: model[]` and `pagination` beside it.
 */
export function ApiEnvelope(
  model: Type<unknown>,
  options: { isArray?: boolean; paginated?: boolean; status?: HttpStatus } = {},
): MethodDecorator {
  const data =
    options.isArray || options.paginated
      ? { type: 'array', items: { $ref: getSchemaPath(model) } }
      : { $ref: getSchemaPath(model) };
  const pagination = options.paginated ? { pagination: { $ref: getSchemaPath(PaginationDto) } } : undefined;
  return applyDecorators(
    ApiExtraModels(model, ...(options.paginated ? [PaginationDto] : [])),
    ApiResponse({
      status: options.status ?? HttpStatus.OK,
      description: 'Success',
      schema: {
        type: 'object',
        required: ['success', 'data', ...(pagination ? ['pagination'] : [])],
        properties: { success: { type: 'boolean', enum: [true] }, data, ...pagination },
      },
    }),
  );
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Malformed or invalid input; `details` names each field',
  401: 'Missing, malformed, unknown or revoked API key',
  404: 'Unknown, or belongs to another customer',
  409: 'Conflict with the current state',
  413: 'Body larger than the limit',
  415: 'Body is not JSON',
  422: 'Content the network would reject',
  429: "Over the API key's rate limit (`rate_limited`); retry after `Retry-After` seconds",
  503: 'Database unavailable; retry',
};

/**
 * Documents the error answers a route can give, all in the error envelope. A route that takes a key
 * (it lists 401) can also answer 429, the key's rate limit, and every route can answer 503.
 */
export function ApiErrors(...statuses: number[]): MethodDecorator {
  const implied = statuses.includes(401) && !statuses.includes(429) ? [429] : [];
  return applyDecorators(
    ApiExtraModels(ErrorEnvelopeDto),
    ...[...statuses, ...implied, 503].map((status) =>
      ApiResponse({ status, description: ERROR_DESCRIPTIONS[status] ?? 'Error', type: ErrorEnvelopeDto }),
    ),
  );
}
