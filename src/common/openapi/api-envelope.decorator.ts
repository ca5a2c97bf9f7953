import { applyDecorators, HttpStatus, Type } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { ERROR_STATUS, ErrorCode } from '../errors/error-code';
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
  400: 'Malformed or invalid input (`validation_failed`, `invalid_json`, `bad_request`); `details` names each field',
  401: 'Missing, malformed, unknown or revoked API key (`unauthorized`)',
  404: 'Unknown, or belongs to another customer (`not_found`)',
  408: 'The body stopped arriving before the request timeout (`request_timeout`); the connection is closed',
  409: 'Conflict with the current state',
  413: 'Body larger than the limit (`payload_too_large`)',
  415: 'Body is not JSON (`unsupported_media_type`)',
  422: 'Content the network would reject (`unprocessable_content`); `details` says why',
  429: "Over the rate limit of the customer's keys of this mode (one bucket per customer and mode), or too many unknown keys from one address (`rate_limited`); retry after `Retry-After` seconds",
  500: 'Our fault (`internal_error`); retry later, quoting the request id',
  503: 'Database unavailable (`database_unavailable`) or the instance restarting (`shutting_down`); retry after `Retry-After` seconds',
};

/**
 * Documents the error answers a route can give, all in the error envelope: a status alone, or the
 * codes the route answers (their status comes from the registry, and the description names them).
 * A route that takes a key (it lists 401) can also answer 429, the key's rate limit, and every
 * route can answer 500 and 503. A route that takes a body also answers 413 and 415: the document
 * adds those wherever there is a request body (see completeResponses).
 */
export function ApiErrors(...answers: Array<number | ErrorCode>): MethodDecorator {
  const codesByStatus = new Map<number, ErrorCode[]>();
  for (const answer of answers) {
    const status = typeof answer === 'number' ? answer : ERROR_STATUS[answer];
    const codes = codesByStatus.get(status) ?? [];
    if (typeof answer !== 'number') codes.push(answer);
    codesByStatus.set(status, codes);
  }
  if (codesByStatus.has(401)) codesByStatus.set(429, codesByStatus.get(429) ?? []);
  for (const status of [500, 503]) codesByStatus.set(status, codesByStatus.get(status) ?? []);
  return applyDecorators(
    ApiExtraModels(ErrorEnvelopeDto),
    ...[...codesByStatus].map(([status, codes]) =>
      ApiErrorResponse(
        status,
        codes.length
          ? `${errorDescription(status)}. On this route: ${codes.map((code) => `\`${code}\``).join(', ')}`
          : errorDescription(status),
      ),
    ),
  );
}

/** One error answer in the envelope. */
export function ApiErrorResponse(status: number, description = ERROR_DESCRIPTIONS[status] ?? 'Error'): MethodDecorator {
  return ApiResponse({ status, description, type: ErrorEnvelopeDto });
}

/** The description of an error status, as ApiErrors writes it. */
export function errorDescription(status: number): string {
  return ERROR_DESCRIPTIONS[status] ?? 'Error';
}
