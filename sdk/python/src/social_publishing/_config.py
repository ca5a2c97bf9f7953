"""What both clients are made with: where the service is, the key, the timeouts and the retries."""

import os
from dataclasses import dataclass
from typing import Optional, Union

import httpx

from ._retry import RetryPolicy
from ._version import __version__

API_URL_ENV = "SPS_API_URL"
API_KEY_ENV = "SPS_API_KEY"
DEFAULT_TIMEOUT = 30.0


@dataclass(frozen=True)
class ClientConfig:
    base_url: str
    api_key: str
    timeout: httpx.Timeout
    retry: RetryPolicy

    @staticmethod
    def make(
        base_url: Optional[str],
        api_key: Optional[str],
        timeout: Union[float, httpx.Timeout, None],
        max_retries: Optional[int],
        retry: Optional[RetryPolicy],
    ) -> "ClientConfig":
        url = base_url or os.environ.get(API_URL_ENV)
        key = api_key or os.environ.get(API_KEY_ENV)
        if not url:
            raise ValueError(f"give base_url (where the service runs, e.g. http://localhost:3000) or set {API_URL_ENV}")
        if not key:
            raise ValueError(f"give api_key (sps_test_... or sps_live_...) or set {API_KEY_ENV}")
        policy = retry or RetryPolicy()
        if max_retries is not None:
            policy = RetryPolicy(max_retries=max_retries, initial_delay=policy.initial_delay, max_delay=policy.max_delay)
        return ClientConfig(
            base_url=_service_root(url),
            api_key=key,
            timeout=timeout if isinstance(timeout, httpx.Timeout) else httpx.Timeout(timeout or DEFAULT_TIMEOUT),
            retry=policy,
        )

    def headers(self) -> "dict[str, str]":
        return {
            "Authorization": f"Bearer {self.api_key}",
            "Accept": "application/json",
            "User-Agent": f"social-publishing-python/{__version__}",
        }


def _service_root(url: str) -> str:
    """The service's root: the paths carry /api/v1, so a base URL ending with it is taken too."""
    root = url.rstrip("/")
    if root.endswith("/api/v1"):
        root = root[: -len("/api/v1")]
    return root
