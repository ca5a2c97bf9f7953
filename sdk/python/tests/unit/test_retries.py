"""The retries: 429 and 5xx, Retry-After, the Idempotency-Key kept across them, and what is never retried."""

import httpx
import pytest
import respx

import social_publishing._transport as transport_module
from social_publishing import ApiConnectionError, Client, InternalServerError, RateLimitError, RetryPolicy

from .conftest import BASE, KEY, envelope, error_body, post_json


@pytest.fixture
def slept(monkeypatch):
    """The waits the sync client would sleep, recorded instead."""
    waits = []
    monkeypatch.setattr(transport_module.time, "sleep", waits.append)
    return waits


@respx.mock
def test_a_429_is_retried_after_retry_after_with_the_same_idempotency_key(client, slept):
    route = respx.post(f"{BASE}/api/v1/posts").mock(
        side_effect=[
            httpx.Response(429, json=error_body("rate_limited"), headers={"Retry-After": "2"}),
            httpx.Response(503, json=error_body("database_unavailable"), headers={"Retry-After": "1"}),
            httpx.Response(202, json=envelope(post_json())),
        ]
    )
    post = client.posts.create(tenant_id="t", accounts=["a"], containers=[{"content": "Hi"}])
    assert post.id == "pst_1"
    assert slept == [2.0, 1.0]
    keys = {call.request.headers["idempotency-key"] for call in route.calls}
    assert len(route.calls) == 3 and len(keys) == 1


@respx.mock
def test_gives_up_after_max_retries_with_the_last_error(client, slept):
    route = respx.get(f"{BASE}/api/v1/posts/pst_1").respond(500, json=error_body("internal_error"))
    with pytest.raises(InternalServerError) as raised:
        client.posts.get("pst_1")
    assert raised.value.code == "internal_error"
    assert len(route.calls) == 3 and len(slept) == 2


@respx.mock
def test_a_retry_after_longer_than_the_bound_is_raised_not_waited(slept):
    route = respx.get(f"{BASE}/api/v1/posts/pst_1").respond(429, json=error_body("rate_limited"), headers={"Retry-After": "120"})
    client = Client(base_url=BASE, api_key=KEY, retry=RetryPolicy(max_retries=3, max_delay=30))
    with pytest.raises(RateLimitError) as raised:
        client.posts.get("pst_1")
    assert raised.value.retry_after == 120.0
    assert len(route.calls) == 1 and slept == []


@respx.mock
def test_a_write_without_idempotency_key_is_not_retried_after_a_5xx(client, slept):
    route = respx.post(f"{BASE}/api/v1/media").respond(500, json=error_body("internal_error"))
    with pytest.raises(InternalServerError):
        client.media.create(content_type="image/png", size=10)
    assert len(route.calls) == 1
    # ... but a 429 (refused before anything was done) is.
    limited = respx.post(f"{BASE}/api/v1/webhooks/test").mock(
        side_effect=[httpx.Response(429, json=error_body("rate_limited"), headers={"Retry-After": "0"}), httpx.Response(500, json=error_body("internal_error"))]
    )
    with pytest.raises(InternalServerError):
        client.webhooks.test()
    assert len(limited.calls) == 2


@respx.mock
def test_idempotency_key_in_use_is_retried_with_the_same_key(client, slept):
    route = respx.post(f"{BASE}/api/v1/posts").mock(
        side_effect=[httpx.Response(409, json=error_body("idempotency_key_in_use")), httpx.Response(202, json=envelope(post_json()))]
    )
    client.posts.create(tenant_id="t", accounts=["a"], containers=[{"content": "Hi"}], idempotency_key="k-1")
    assert [call.request.headers["idempotency-key"] for call in route.calls] == ["k-1", "k-1"]


@respx.mock
def test_a_connection_refused_is_retried_then_raised(client, slept):
    route = respx.get(f"{BASE}/api/v1/posts/pst_1").mock(side_effect=httpx.ConnectError("refused"))
    with pytest.raises(ApiConnectionError):
        client.posts.get("pst_1")
    assert len(route.calls) == 3


@respx.mock
def test_a_read_timeout_of_a_write_without_key_is_not_retried(client, slept):
    route = respx.post(f"{BASE}/api/v1/media").mock(side_effect=httpx.ReadTimeout("slow"))
    with pytest.raises(ApiConnectionError):
        client.media.create(content_type="image/png", size=10)
    assert len(route.calls) == 1


@respx.mock
async def test_the_async_client_retries_too(aclient, monkeypatch):
    waits = []

    async def record(seconds):
        waits.append(seconds)

    monkeypatch.setattr(transport_module.anyio, "sleep", record)
    route = respx.get(f"{BASE}/api/v1/posts/pst_1").mock(
        side_effect=[httpx.Response(429, json=error_body("rate_limited"), headers={"Retry-After": "3"}), httpx.Response(200, json=envelope(post_json()))]
    )
    assert (await aclient.posts.get("pst_1")).id == "pst_1"
    assert waits == [3.0] and len(route.calls) == 2


def test_retry_after_as_an_http_date():
    from datetime import datetime, timezone

    from social_publishing._retry import retry_after_seconds

    now = datetime(2026, 11, 26, 10, 0, 0, tzinfo=timezone.utc)
    response = httpx.Response(429, headers={"Retry-After": "Thu, 26 Nov 2026 10:00:07 GMT"})
    assert retry_after_seconds(response, now) == 7.0
    assert retry_after_seconds(httpx.Response(429, headers={"Retry-After": "soon"}), now) is None
