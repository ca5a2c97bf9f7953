import { HttpStatus } from '@nestjs/common';

/**
 * Every error code the API answers with (`error.code`), mapped to its HTTP status in one place.
 * Clients switch on `error.code`; the message is for people. ApiException takes only these codes,
 * so a new code cannot be answered before it is written here, and the OpenAPI document publishes
 * this list as the `ErrorCode` enum.
 */
export const ERROR_STATUS = {
  // Any route: the request itself.
  validation_failed: HttpStatus.BAD_REQUEST,
  invalid_json: HttpStatus.BAD_REQUEST,
  bad_request: HttpStatus.BAD_REQUEST,
  unauthorized: HttpStatus.UNAUTHORIZED,
  not_found: HttpStatus.NOT_FOUND,
  method_not_allowed: HttpStatus.METHOD_NOT_ALLOWED,
  request_timeout: HttpStatus.REQUEST_TIMEOUT,
  conflict: HttpStatus.CONFLICT,
  payload_too_large: HttpStatus.PAYLOAD_TOO_LARGE,
  uri_too_long: HttpStatus.URI_TOO_LONG,
  unsupported_media_type: HttpStatus.UNSUPPORTED_MEDIA_TYPE,
  unprocessable_content: HttpStatus.UNPROCESSABLE_ENTITY,
  permission_missing: HttpStatus.UNPROCESSABLE_ENTITY,
  media_quota_exceeded: HttpStatus.UNPROCESSABLE_ENTITY,
  rate_limited: HttpStatus.TOO_MANY_REQUESTS,
  request_header_too_large: 431 as HttpStatus,
  internal_error: HttpStatus.INTERNAL_SERVER_ERROR,
  database_unavailable: HttpStatus.SERVICE_UNAVAILABLE,
  shutting_down: HttpStatus.SERVICE_UNAVAILABLE,
  not_ready: HttpStatus.SERVICE_UNAVAILABLE,
  // API keys (dashboard, CLI).
  api_key_limit_reached: HttpStatus.CONFLICT,
  // Connecting accounts.
  unknown_network: HttpStatus.NOT_FOUND,
  redirect_uri_not_allowed: HttpStatus.BAD_REQUEST,
  network_not_configured: HttpStatus.CONFLICT,
  session_already_finalized: HttpStatus.CONFLICT,
  account_busy: HttpStatus.CONFLICT,
  boards_not_supported: HttpStatus.CONFLICT,
  // Posts.
  idempotency_key_reused: HttpStatus.CONFLICT,
  idempotency_key_in_use: HttpStatus.CONFLICT,
  delivery_not_failed: HttpStatus.CONFLICT,
  post_not_draft: HttpStatus.CONFLICT,
  post_delivery_started: HttpStatus.CONFLICT,
  post_not_editable: HttpStatus.CONFLICT,
  post_published_field_not_editable: HttpStatus.CONFLICT,
  post_edit_in_progress: HttpStatus.CONFLICT,
  // Webhooks.
  webhook_not_configured: HttpStatus.CONFLICT,
  webhook_disabled: HttpStatus.CONFLICT,
  webhook_secret_unreadable: HttpStatus.CONFLICT,
  delivery_not_published: HttpStatus.CONFLICT,
  account_not_active: HttpStatus.CONFLICT,
  reply_not_in_thread: HttpStatus.UNPROCESSABLE_ENTITY,
  network_unavailable: HttpStatus.BAD_GATEWAY,
  network_rate_limited: HttpStatus.SERVICE_UNAVAILABLE,
} as const satisfies Record<string, HttpStatus>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** What each code means, for the document's ErrorCode enum. */
export const ERROR_CODE_MEANINGS: Record<ErrorCode, string> = {
  validation_failed: 'A field is missing or invalid; `details` names each field',
  invalid_json: 'The body is not valid JSON',
  bad_request: 'The request is malformed (for example Content-Length does not match the body)',
  unauthorized: 'Missing, malformed, unknown or revoked API key',
  not_found: 'No such resource for this key (or no such route)',
  method_not_allowed: 'The route does not take this method',
  request_timeout: 'The request took too long to arrive',
  conflict: 'Conflicts with the current state',
  payload_too_large: 'The body is larger than the limit',
  uri_too_long: 'The URL is too long',
  unsupported_media_type: 'The body is not JSON (Content-Type must be application/json)',
  unprocessable_content: 'A network or an account state would refuse the post; `details` says why',
  permission_missing:
    'The account was not granted a permission this needs (the message names it); reconnecting the account (a new auth-url for the same tenant) asks for it again',
  media_quota_exceeded:
    "POST /media: the medium would take the customer's media (uploaded, or announced with a valid upload URL) past MEDIA_QUOTA_BYTES in this mode",
  rate_limited:
    "Over the rate limit of the customer's keys of this mode (or too many unknown keys from one address); see Retry-After",
  request_header_too_large: 'The request headers are too large',
  internal_error: 'Our fault; retry later, quoting the request id',
  database_unavailable: 'The database is unreachable for a moment; retry after Retry-After',
  shutting_down: 'This instance is restarting; retry after Retry-After',
  not_ready: 'GET /health/ready only: the database is unreachable or the process is shutting down',
  api_key_limit_reached:
    'The customer already holds API_KEYS_PER_CUSTOMER active keys in this mode (dashboard, CLI); revoke one first',
  unknown_network: 'The network in the path is not one the service knows',
  redirect_uri_not_allowed: 'redirect_uri is not one of your allowed redirect URLs',
  network_not_configured: 'No app is configured for this network (neither yours nor the service-wide one)',
  session_already_finalized: 'The pending session was already finalized',
  account_busy: 'The account is being reconnected right now; retry',
  boards_not_supported:
    "GET /social-accounts/{id}/boards: the account's network has no boards (or other places a post must name) to pick from",
  idempotency_key_reused: 'This Idempotency-Key was used with a different body',
  idempotency_key_in_use: 'A request with this Idempotency-Key is still being processed; retry',
  delivery_not_failed:
    'Retrying a delivery: only a failed delivery can be retried (this one is pending, publishing, published, canceled or deleted, or a retry of it was already accepted)',
  post_not_draft: 'POST /posts/{id}/publish: the post is not a draft (it was published, scheduled or canceled already)',
  post_delivery_started:
    'PATCH /posts/{id}: a delivery of the post has started (claimed by a worker, tried, in flight or final), so none of it is changed; `details` names each',
  post_not_editable: 'PATCH /posts/{id}: the post was made before edits were possible (its request was not kept)',
  post_published_field_not_editable:
    'PATCH /posts/{id} of a published post: only the text (`containers[0].content`) can change after publishing; `details` name each other field the patch would change',
  post_edit_in_progress:
    'PATCH /posts/{id} of a published post: an edit of one of its deliveries is still being sent; patch again once its `edit.status` is final',
  webhook_not_configured: 'No webhook is set: PUT /api/v1/webhooks first',
  webhook_disabled: 'The webhook is disabled (the receiver answered 410 Gone); PUT it again',
  webhook_secret_unreadable: 'The stored webhook secret cannot be opened; PUT the webhook again',
  delivery_not_published: 'The delivery is not (or no longer) on the network, so it has no comments',
  account_not_active: "The delivery's account is expired or disconnected (comments, a retry); reconnect it",
  reply_not_in_thread:
    'Answering a comment: replyToId is known to be under another delivery (another of your posts, or a comment found under one)',
  network_unavailable: 'The network failed to answer or refused the read; `message` says why',
  network_rate_limited: "The network's rate limit for this account is reached; retry after Retry-After",
};
