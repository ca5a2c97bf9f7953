"""Client and AsyncClient: the API's resources over one httpx connection pool."""

from typing import Any, Optional, Union

import httpx

from ._call import Call, whole_as
from ._config import ClientConfig
from ._retry import RetryPolicy
from ._transport import AsyncTransport, SyncTransport
from .models import HealthView
from .resources import (
    Accounts,
    AsyncAccounts,
    AsyncConnect,
    AsyncEvents,
    AsyncMedia,
    AsyncNetworks,
    AsyncPosts,
    AsyncWebhooks,
    Connect,
    Events,
    Media,
    Networks,
    Posts,
    Webhooks,
)

_HEALTH = Call("GET", "/health", whole_as(HealthView))


class Client:
    """The Social Publishing API, synchronously::

        client = Client(base_url="http://localhost:3000", api_key="sps_test_...")
        post = client.posts.create(tenant_id="tenant-42", accounts=[account.id], containers=[{"content": "Hello"}])

    ``base_url`` is where the service runs (without /api/v1) and ``api_key`` a test or live key;
    either left out is read from SPS_API_URL / SPS_API_KEY. A 429 and a 5xx are retried
    ``max_retries`` times (2 by default), after Retry-After when the service sends one; a write is
    retried after a 5xx only with an Idempotency-Key (``posts.create`` makes one when you give none).
    Use it as a context manager, or call ``close()``, to close its connections.
    """

    def __init__(
        self,
        *,
        base_url: Optional[str] = None,
        api_key: Optional[str] = None,
        timeout: Union[float, httpx.Timeout, None] = None,
        max_retries: Optional[int] = None,
        retry: Optional[RetryPolicy] = None,
        http_client: Optional[httpx.Client] = None,
    ) -> None:
        self._config = ClientConfig.make(base_url, api_key, timeout, max_retries, retry)
        self._owns_http = http_client is None
        self._http = http_client or httpx.Client(timeout=self._config.timeout)
        transport = SyncTransport(self._config, self._http)
        self.accounts = Accounts(transport)
        self.connect = Connect(transport)
        self.events = Events(transport)
        self.media = Media(transport)
        self.networks = Networks(transport)
        self.posts = Posts(transport)
        self.webhooks = Webhooks(transport)
        self._transport = transport

    def health(self) -> HealthView:
        """GET /health (no key needed): the service's and its database's state."""
        return self._transport.send(_HEALTH)

    def close(self) -> None:
        if self._owns_http:
            self._http.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *_: Any) -> None:
        self.close()


class AsyncClient:
    """The Social Publishing API, asynchronously (asyncio or trio): the same resources as ``Client``,
    each method awaited, and ``list_all`` an async iterator (``async for post in client.posts.list_all()``)."""

    def __init__(
        self,
        *,
        base_url: Optional[str] = None,
        api_key: Optional[str] = None,
        timeout: Union[float, httpx.Timeout, None] = None,
        max_retries: Optional[int] = None,
        retry: Optional[RetryPolicy] = None,
        http_client: Optional[httpx.AsyncClient] = None,
    ) -> None:
        self._config = ClientConfig.make(base_url, api_key, timeout, max_retries, retry)
        self._owns_http = http_client is None
        self._http = http_client or httpx.AsyncClient(timeout=self._config.timeout)
        transport = AsyncTransport(self._config, self._http)
        self.accounts = AsyncAccounts(transport)
        self.connect = AsyncConnect(transport)
        self.events = AsyncEvents(transport)
        self.media = AsyncMedia(transport)
        self.networks = AsyncNetworks(transport)
        self.posts = AsyncPosts(transport)
        self.webhooks = AsyncWebhooks(transport)
        self._transport = transport

    async def health(self) -> HealthView:
        return await self._transport.send(_HEALTH)

    async def aclose(self) -> None:
        if self._owns_http:
            await self._http.aclose()

    async def __aenter__(self) -> "AsyncClient":
        return self

    async def __aexit__(self, *_: Any) -> None:
        await self.aclose()
