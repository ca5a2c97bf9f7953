"""Errors, customer isolation and the retries, against the running service."""

import os
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from social_publishing import AsyncClient, AuthenticationError, Client, NotFoundError

from .conftest import TENANT


def test_another_customers_key_cannot_see_the_post(published_post):
    with Client(api_key=os.environ["SPS_OTHER_API_KEY"]) as other:
        with pytest.raises(NotFoundError) as raised:
            other.posts.get(published_post.id)
        assert (raised.value.status, raised.value.code) == (404, "not_found")
        assert other.accounts.list(tenant_id=TENANT).data == []


def test_a_bad_key_is_an_authentication_error():
    with Client(api_key="sps_test_not-a-key") as bad:
        with pytest.raises(AuthenticationError) as raised:
            bad.networks.list()
        assert raised.value.code == "unauthorized" and raised.value.request_id


def test_429s_are_retried_after_retry_after_until_every_call_succeeds():
    """A burst past the rate limit: the service answers some calls 429 with Retry-After; the client
    waits and retries them, so every call succeeds."""
    statuses = []
    http = httpx.Client(event_hooks={"response": [lambda response: statuses.append(response.status_code)]})
    burst = int(os.environ.get("SPS_RATE_LIMIT_BURST", "40"))
    with Client(api_key=os.environ["SPS_THROTTLED_API_KEY"], http_client=http, max_retries=6) as throttled:
        with ThreadPoolExecutor(max_workers=8) as pool:
            pages = list(pool.map(lambda _: throttled.networks.list(), range(burst + 20)))
    http.close()
    assert len(pages) == burst + 20 and all(page.data for page in pages)
    assert 429 in statuses, "the burst never met the rate limit"
    assert statuses.count(200) == burst + 20


async def test_the_async_client_against_the_service(published_post):
    async with AsyncClient() as client:
        post = await client.posts.get(published_post.id)
        assert post.id == published_post.id
        ids = [p.id async for p in client.posts.list_all(tenant_id=TENANT, limit=2)]
        assert published_post.id in ids
        health = await client.health()
        assert health.status.value == "ok"
