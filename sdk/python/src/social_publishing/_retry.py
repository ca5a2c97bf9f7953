"""When a request is tried again, and how long to wait first."""

import random
from dataclasses import dataclass
from email.utils import parsedate_to_datetime
from datetime import datetime, timezone
from typing import Optional

import httpx

#: Statuses worth trying again: over the rate limit, and the service's or a network's failures.
RETRYABLE_STATUSES = frozenset({429, 500, 502, 503, 504})
#: A 409 with this code: the first request with this Idempotency-Key is still being served; the
#: same key again, a moment later, gets its answer.
IDEMPOTENCY_KEY_IN_USE = "idempotency_key_in_use"


@dataclass(frozen=True)
class RetryPolicy:
    """How the clients retry: ``max_retries`` more tries at most, each after Retry-After when the
    service sends one, else an exponential backoff with jitter (``initial_delay`` doubling up to
    ``max_delay``). A Retry-After longer than ``max_delay`` is not waited for: the error is raised
    at once, its ``retry_after`` saying when to try again.
    """

    max_retries: int = 2
    initial_delay: float = 0.5
    max_delay: float = 30.0

    def backoff(self, retry_number: int) -> float:
        """The wait before retry ``retry_number`` (1, 2, ...) when the service said nothing."""
        base = min(self.max_delay, self.initial_delay * (2 ** (retry_number - 1)))
        return base * (0.75 + random.random() * 0.25)


def retry_after_seconds(response: httpx.Response, now: Optional[datetime] = None) -> Optional[float]:
    """The Retry-After header in seconds: whole seconds, or an HTTP date (RFC 9110 section 10.2.3)."""
    value = response.headers.get("retry-after")
    if value is None:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return max(0.0, (when - (now or datetime.now(timezone.utc))).total_seconds())


def is_retryable_status(status: int, code: Optional[str], replay_safe: bool) -> bool:
    """A 429 was refused before anything was done: always worth retrying. A 5xx only for a request
    whose repetition does nothing twice (GET, PUT, DELETE, or a write with an Idempotency-Key).
    ``idempotency_key_in_use`` is retried with the same key, which then gets the first answer."""
    if status == 429:
        return True
    if status == 409:
        return code == IDEMPOTENCY_KEY_IN_USE
    return status in RETRYABLE_STATUSES and replay_safe


def is_retryable_transport_error(error: httpx.TransportError, replay_safe: bool) -> bool:
    """A connection never made sent nothing: retry it. Any other failure (a timeout while reading,
    a connection dropped) may have been served, so only a replay-safe request is tried again."""
    if isinstance(error, (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout)):
        return True
    return replay_safe
