"""verify_webhook: checks a delivery's signature as the service signs it, and reads its event, typed.

The service signs every delivery twice (docs/webhooks.md):

- the Standard Webhooks headers (standardwebhooks.com): ``webhook-id`` (the event's id),
  ``webhook-timestamp`` (Unix seconds of this attempt) and ``webhook-signature``, space-separated
  ``v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">``, one per secret in force (during a
  rotation's overlap, the new secret's and the old one's). The key is the base64-decoded part after
  ``whsec_`` of a ``whsec_<base64>`` secret (every secret the service makes), else the secret's UTF-8
  bytes (a secret of your own);
- ``X-Service-Signature``: the lowercase hex HMAC-SHA256 of the body alone, keyed with the secret's
  UTF-8 bytes as they are (``whsec_`` included), made with the current secret only.

The first covers the time of sending, so a captured delivery cannot be replayed later, and verifies
with either secret during a rotation: it is the one checked whenever its headers are there. The
second is checked when they are not (a proxy that keeps only that header, say); it does not cover
the timestamp, so there only ``X-Service-Timestamp``, when sent, is held to the tolerance.
"""

import base64
import binascii
import hashlib
import hmac
import json
import re
import time
from typing import Any, List, Optional, Sequence, Union

from pydantic import TypeAdapter, ValidationError

from .errors import SocialPublishingError
from .models import WebhookEvent

#: A delivery whose timestamp is further than this from your clock is refused (a replay, or a clock to fix).
DEFAULT_TOLERANCE_SECONDS = 5 * 60

_STANDARD_SECRET = re.compile(r"^whsec_((?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?)$")
_UNIX_SECONDS = re.compile(r"^\d{1,15}$")
_HEX_SHA256 = re.compile(r"^[0-9a-f]{64}$")
_EVENT = TypeAdapter(WebhookEvent)

#: The request's headers: any mapping of names (in any case) to a value or a list of values.
Headers = Any


class WebhookVerificationError(SocialPublishingError):
    """The delivery is not to be trusted: answer it with a 4xx and do not act on it.

    ``reason`` is one of ``missing_header``, ``bad_timestamp``, ``timestamp_out_of_tolerance``,
    ``signature_mismatch``, ``bad_body``.
    """

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


def verify_webhook(
    headers: Headers,
    raw_body: Union[bytes, str],
    secret: Union[str, Sequence[str]],
    *,
    tolerance_seconds: int = DEFAULT_TOLERANCE_SECONDS,
    now: Optional[float] = None,
) -> WebhookEvent:
    """Verifies a delivery and returns its event, typed (``PostPublishedEvent``, ...; tell them apart
    by ``event.event``). Raises WebhookVerificationError otherwise.

    ``headers``: the request's headers (any mapping, any case: Flask's ``request.headers``, Django's
    ``request.headers``, Starlette's, or a dict). ``raw_body``: the exact bytes received, before any
    JSON parsing. ``secret``: your webhook secret; during a rotation pass both (``[new, old]``): a
    delivery verifies when any signature matches any secret. ``now``: Unix seconds (tests).
    De-duplicate on the returned ``event.id``: a retry sends the same event again.
    """
    secrets = [secret] if isinstance(secret, str) else list(secret)
    if not secrets or any(not isinstance(s, str) or not s for s in secrets):
        raise TypeError("verify_webhook: give your webhook secret (or the secrets of a rotation), none empty")
    body = raw_body.encode("utf-8") if isinstance(raw_body, str) else bytes(raw_body)
    clock = time.time() if now is None else now

    if any(_header(headers, name) is not None for name in ("webhook-id", "webhook-timestamp", "webhook-signature")):
        event_id = _verify_standard(headers, body, secrets, tolerance_seconds, clock)
    elif _header(headers, "x-service-signature") is not None:
        event_id = _verify_service_signature(headers, body, secrets, tolerance_seconds, clock)
    else:
        raise WebhookVerificationError(
            "missing_header", "Neither webhook-signature nor X-Service-Signature is there: not a signed delivery"
        )
    return _read_event(body, event_id)


def _verify_standard(headers: Headers, body: bytes, secrets: List[str], tolerance: int, now: float) -> str:
    event_id = _required(headers, "webhook-id")
    timestamp = _required(headers, "webhook-timestamp")
    signatures = _required(headers, "webhook-signature")
    _check_timestamp(timestamp, "webhook-timestamp", tolerance, now)
    given = [entry[len("v1,") :].encode("ascii", "replace") for entry in signatures.split(" ") if entry.startswith("v1,")]
    signed = f"{event_id}.{timestamp}.".encode("utf-8") + body
    for candidate in secrets:
        expected = base64.b64encode(hmac.new(_standard_key(candidate), signed, hashlib.sha256).digest())
        if any(hmac.compare_digest(signature, expected) for signature in given):
            return event_id
    raise WebhookVerificationError(
        "signature_mismatch",
        "No webhook-signature matches the secret: a forged or altered delivery, a body changed before "
        "verifying (verify the raw bytes), or another secret",
    )


def _verify_service_signature(headers: Headers, body: bytes, secrets: List[str], tolerance: int, now: float) -> Optional[str]:
    signature = (_header(headers, "x-service-signature") or "").strip().lower()
    timestamp = _header(headers, "x-service-timestamp")
    if timestamp is not None:
        _check_timestamp(timestamp, "X-Service-Timestamp", tolerance, now)
    if _HEX_SHA256.match(signature):
        for candidate in secrets:
            expected = hmac.new(candidate.encode("utf-8"), body, hashlib.sha256).hexdigest()
            if hmac.compare_digest(signature, expected):
                return _header(headers, "x-service-event-id")
    raise WebhookVerificationError(
        "signature_mismatch",
        "X-Service-Signature does not match the secret: a forged or altered delivery, a body changed "
        "before verifying (verify the raw bytes), or another secret",
    )


def _standard_key(secret: str) -> bytes:
    """The HMAC key of webhook-signature: see the module's documentation."""
    match = _STANDARD_SECRET.match(secret)
    if match and match.group(1):
        try:
            return base64.b64decode(match.group(1), validate=True)
        except binascii.Error:
            pass
    return secret.encode("utf-8")


def _check_timestamp(value: str, name: str, tolerance: int, now: float) -> None:
    if not _UNIX_SECONDS.match(value):
        raise WebhookVerificationError("bad_timestamp", f"{name} is not Unix seconds: {value}")
    if abs(now - int(value)) > tolerance:
        raise WebhookVerificationError(
            "timestamp_out_of_tolerance",
            f"{name} {value} is more than {tolerance} s away from now ({int(now)}): a replay, or a clock to fix",
        )


def _read_event(body: bytes, event_id: Optional[str]) -> WebhookEvent:
    try:
        parsed = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise WebhookVerificationError("bad_body", "The body is not JSON") from None
    try:
        event = _EVENT.validate_python(parsed)
    except ValidationError as error:
        raise WebhookVerificationError("bad_body", f"The body is not a webhook event this SDK knows: {error}") from None
    if event_id is not None and event.id != event_id:
        raise WebhookVerificationError("bad_body", f"The body's id {event.id} is not the signed event id {event_id}")
    return event


def _required(headers: Headers, name: str) -> str:
    value = _header(headers, name)
    if not value:
        raise WebhookVerificationError("missing_header", f"The {name} header is missing")
    return value


def _header(headers: Headers, name: str) -> Optional[str]:
    """A header of any mapping, in any case; the first value of a multi-valued one."""
    getter = getattr(headers, "get", None)
    value = getter(name) if getter is not None else None
    if value is None and hasattr(headers, "items"):
        for key, candidate in headers.items():
            if isinstance(key, str) and key.lower() == name:
                value = candidate
                break
    if isinstance(value, (list, tuple)):
        value = value[0] if value else None
    if isinstance(value, bytes):
        value = value.decode("latin-1")
    return value
