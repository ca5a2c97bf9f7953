"""The Social Publishing API for Python: ``Client``, ``AsyncClient`` and ``verify_webhook``.

    from social_publishing import Client, verify_webhook

Models (one per schema of the API document) are in ``social_publishing.models``; errors in
``social_publishing.errors`` (also exported here).
"""

from . import models
from ._client import AsyncClient, Client
from ._pagination import Page
from ._retry import RetryPolicy
from ._version import __version__
from .errors import (
    ApiConnectionError,
    ApiError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    InternalServerError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
    SocialPublishingError,
    UnprocessableEntityError,
)
from .models import WebhookEvent
from .webhooks import DEFAULT_TOLERANCE_SECONDS, WebhookVerificationError, verify_webhook

__all__ = [
    "AsyncClient",
    "Client",
    "Page",
    "RetryPolicy",
    "models",
    "WebhookEvent",
    "verify_webhook",
    "WebhookVerificationError",
    "DEFAULT_TOLERANCE_SECONDS",
    "SocialPublishingError",
    "ApiError",
    "ApiConnectionError",
    "AuthenticationError",
    "BadRequestError",
    "ConflictError",
    "InternalServerError",
    "NotFoundError",
    "PermissionDeniedError",
    "RateLimitError",
    "UnprocessableEntityError",
    "__version__",
]
