"""The errors the clients raise: the API's error envelope, typed by HTTP status."""

from typing import Any, Optional

import httpx


class SocialPublishingError(Exception):
    """The base of every error this SDK raises."""


class ApiConnectionError(SocialPublishingError):
    """No answer: the connection failed or timed out (after the retries allowed)."""


class ApiError(SocialPublishingError):
    """An answer other than 2xx, carrying the service's ``{ code, message, details, requestId }``.

    Switch on ``code`` (the API document's ``ErrorCode``); ``message`` is for people and may change.
    ``details`` names the fields at fault on a 400 ``validation_failed`` or a 422. Quote
    ``request_id`` when asking for help.
    """

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        *,
        details: Any = None,
        request_id: Optional[str] = None,
        retry_after: Optional[float] = None,
        response: Optional[httpx.Response] = None,
    ) -> None:
        suffix = f" (request {request_id})" if request_id else ""
        super().__init__(f"{status} {code}: {message}{suffix}")
        self.status = status
        self.code = code
        self.message = message
        self.details = details
        self.request_id = request_id
        #: Seconds the service asked to wait (Retry-After), on a 429 or a 503.
        self.retry_after = retry_after
        self.response = response


class BadRequestError(ApiError):
    """400: the request is malformed or a field is invalid (``details`` names each)."""


class AuthenticationError(ApiError):
    """401: the API key is missing, malformed, unknown or revoked."""


class PermissionDeniedError(ApiError):
    """403."""


class NotFoundError(ApiError):
    """404: no such resource for this key (another customer's is a 404 too)."""


class ConflictError(ApiError):
    """409: conflicts with the current state (an Idempotency-Key reused with another body, a post already published, ...)."""


class UnprocessableEntityError(ApiError):
    """422: well-formed, but a network or an account's state would refuse it (``details`` says why)."""


class RateLimitError(ApiError):
    """429: over the rate limit; ``retry_after`` says how long to wait."""


class InternalServerError(ApiError):
    """5xx: the service or a network failed; retry later (the clients retry a few times already)."""


_BY_STATUS = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    422: UnprocessableEntityError,
    429: RateLimitError,
}


def error_class(status: int) -> "type[ApiError]":
    """The class of the error a status answers with: one per status family, ApiError otherwise."""
    if status >= 500:
        return InternalServerError
    return _BY_STATUS.get(status, ApiError)
