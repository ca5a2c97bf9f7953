/** The `error` of the service's envelope `{ success: false, error: { code, message, details?, requestId } }`. */
export interface ApiErrorBody {
  code: string;
  message: string;
  details?: unknown;
  requestId?: string;
}

/** An answer other than 2xx, as `unwrap` throws it. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(`${status} ${body.code}: ${body.message}${body.requestId ? ` (request ${body.requestId})` : ''}`);
  }

  get code(): string {
    return this.body.code;
  }

  get requestId(): string | undefined {
    return this.body.requestId;
  }
}

/** What an openapi-fetch call answers: the parsed body on success, the parsed error otherwise. */
type FetchResult<Envelope> =
  { data: Envelope; error?: never; response: Response } | { data?: never; error: unknown; response: Response };

/**
 * The `data` of a successful answer, or an ApiError carrying the service's error code, message and
 * request id: `const post = await unwrap(client.GET('/api/v1/posts/{id}', { params: { path: { id } } }))`.
 */
export async function unwrap<Data>(call: Promise<FetchResult<{ data: Data }>>): Promise<Data> {
  const result = await call;
  if (result.data !== undefined) return result.data.data;
  throw new ApiError(result.response.status, errorBody(result.error, result.response));
}

function errorBody(error: unknown, response: Response): ApiErrorBody {
  const inner = isRecord(error) && isRecord(error.error) ? error.error : undefined;
  if (inner && typeof inner.code === 'string' && typeof inner.message === 'string') {
    return {
      code: inner.code,
      message: inner.message,
      details: inner.details,
      requestId: typeof inner.requestId === 'string' ? inner.requestId : undefined,
    };
  }
  // Not the service's envelope (a proxy in between, say): keep what can be told.
  return {
    code: 'unexpected_response',
    message: typeof error === 'string' && error ? error : response.statusText || 'no error body',
    requestId: response.headers.get('x-request-id') ?? undefined,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
