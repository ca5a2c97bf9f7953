"""What the clients send and how they read the answers, at the HTTP level (respx)."""

import json

import httpx
import pytest
import respx

from social_publishing import (
    ApiError,
    AuthenticationError,
    Client,
    ConflictError,
    InternalServerError,
    NotFoundError,
    UnprocessableEntityError,
)
from social_publishing.models import ContainerBody, CreatePostBody, PostStatus, PostView

from .conftest import BASE, KEY, envelope, error_body, post_json


@respx.mock
def test_sends_the_key_and_reads_the_envelope_into_a_model(client):
    route = respx.get(f"{BASE}/api/v1/posts/pst_1").respond(200, json=envelope(post_json()))
    post = client.posts.get("pst_1")
    assert isinstance(post, PostView)
    assert (post.id, post.status, post.tenant_id) == ("pst_1", PostStatus.PUBLISHED, "tenant-1")
    sent = route.calls.last.request
    assert sent.headers["authorization"] == f"Bearer {KEY}"
    assert sent.headers["user-agent"].startswith("social-publishing-python/")


@respx.mock
def test_create_sends_the_api_names_and_an_idempotency_key(client):
    route = respx.post(f"{BASE}/api/v1/posts").respond(202, json=envelope(post_json(status="queued")))
    client.posts.create(tenant_id="tenant-1", accounts=["acc_1"], containers=[{"content": "Hello"}])
    sent = route.calls.last.request
    assert json.loads(sent.content) == {"tenant_id": "tenant-1", "accounts": ["acc_1"], "containers": [{"content": "Hello"}]}
    assert len(sent.headers["idempotency-key"]) == 36


@respx.mock
def test_create_takes_a_model_or_a_mapping_and_the_callers_key(client):
    route = respx.post(f"{BASE}/api/v1/posts").respond(202, json=envelope(post_json()))
    body = CreatePostBody(tenant_id="t", accounts=["a"], containers=[ContainerBody(content="Hi")])
    client.posts.create(body, idempotency_key="mine-1")
    client.posts.create({"tenant_id": "t", "accounts": ["a"], "containers": [{"content": "Hi"}]}, idempotency_key="mine-2")
    first, second = (call.request for call in route.calls)
    assert json.loads(first.content) == json.loads(second.content)
    assert (first.headers["idempotency-key"], second.headers["idempotency-key"]) == ("mine-1", "mine-2")
    with pytest.raises(TypeError):
        client.posts.create(body, tenant_id="t")


@respx.mock
def test_query_parameters_are_the_apis_and_left_out_when_none(client):
    route = respx.get(f"{BASE}/api/v1/social-accounts").respond(200, json=envelope([], next_cursor=None))
    client.accounts.list(tenant_id="tenant-1", limit=5)
    assert dict(route.calls.last.request.url.params) == {"tenantId": "tenant-1", "limit": "5"}
    events = respx.get(f"{BASE}/api/v1/events").respond(200, json=envelope([], next_cursor=None))
    client.events.list(types=["post.published", "post.failed"])
    assert events.calls.last.request.url.params["types"] == "post.published,post.failed"


@respx.mock
def test_a_path_parameter_is_escaped(client):
    route = respx.get(f"{BASE}/api/v1/posts/a%2F..%2Fb").respond(404, json=error_body("not_found"))
    with pytest.raises(NotFoundError):
        client.posts.get("a/../b")
    assert route.called


@pytest.mark.parametrize(
    "status, code, kind",
    [
        (401, "unauthorized", AuthenticationError),
        (404, "not_found", NotFoundError),
        (409, "post_not_draft", ConflictError),
        (422, "unprocessable_content", UnprocessableEntityError),
        (418, "teapot", ApiError),
    ],
)
@respx.mock
def test_errors_carry_the_envelope_and_are_typed_by_status(client, status, code, kind):
    details = [{"field": "accounts", "message": "expired"}]
    respx.get(f"{BASE}/api/v1/posts/pst_1").respond(status, json=error_body(code, "said", details, "req_9"))
    with pytest.raises(kind) as raised:
        client.posts.get("pst_1")
    error = raised.value
    assert (error.status, error.code, error.message, error.details, error.request_id) == (status, code, "said", details, "req_9")
    assert "req_9" in str(error)


@respx.mock
def test_an_answer_that_is_not_the_envelope_keeps_the_status_and_request_id(client):
    respx.get(f"{BASE}/api/v1/posts/pst_1").respond(502, text="<html>bad gateway</html>", headers={"x-request-id": "rq"})
    with pytest.raises(InternalServerError) as raised:
        Client(base_url=BASE, api_key=KEY, max_retries=0).posts.get("pst_1")
    assert (raised.value.status, raised.value.code, raised.value.request_id) == (502, "unexpected_response", "rq")


def test_base_url_and_key_come_from_the_environment(monkeypatch):
    monkeypatch.setenv("SPS_API_URL", f"{BASE}/api/v1/")
    monkeypatch.setenv("SPS_API_KEY", KEY)
    with respx.mock:
        route = respx.get(f"{BASE}/api/v1/networks").respond(200, json=envelope([], next_cursor=None))
        Client().networks.list()
        assert route.called
    monkeypatch.delenv("SPS_API_KEY")
    with pytest.raises(ValueError, match="SPS_API_KEY"):
        Client()


@respx.mock
async def test_the_async_client_sends_the_same_requests(aclient):
    route = respx.post(f"{BASE}/api/v1/posts").respond(202, json=envelope(post_json()))
    post = await aclient.posts.create(tenant_id="t", accounts=["a"], containers=[{"content": "Hi"}])
    assert post.id == "pst_1"
    assert json.loads(route.calls.last.request.content)["tenant_id"] == "t"
    respx.get(f"{BASE}/api/v1/posts/nope").respond(404, json=error_body("not_found"))
    with pytest.raises(NotFoundError):
        await aclient.posts.get("nope")


def test_an_http_client_of_your_own_is_used_and_left_open():
    transport = httpx.MockTransport(lambda request: httpx.Response(200, json=envelope(post_json())))
    http = httpx.Client(transport=transport)
    with Client(base_url=BASE, api_key=KEY, http_client=http) as client:
        assert client.posts.get("pst_1").id == "pst_1"
    assert not http.is_closed


@respx.mock
def test_the_timeout_applies_to_every_request():
    route = respx.get(f"{BASE}/api/v1/posts/pst_1").respond(200, json=envelope(post_json()))
    with Client(base_url=BASE, api_key=KEY, timeout=7) as client:
        client.posts.get("pst_1")
    assert route.calls.last.request.extensions["timeout"] == {"connect": 7, "read": 7, "write": 7, "pool": 7}


@respx.mock
def test_a_field_given_as_none_is_sent_as_null_one_left_out_is_not_sent(client):
    route = respx.patch(f"{BASE}/api/v1/posts/pst_1").respond(200, json=envelope(post_json()))
    client.posts.patch("pst_1", scheduled_at=None)
    assert json.loads(route.calls.last.request.content) == {"scheduledAt": None}
    client.posts.patch("pst_1", containers=[{"content": "Edited"}])
    assert json.loads(route.calls.last.request.content) == {"containers": [{"content": "Edited"}]}
    webhook = respx.put(f"{BASE}/api/v1/webhooks").respond(
        200,
        json=envelope(
            {"url": "https://a.example/h", "secretLast4": "abcd", "enabled": True, "createdAt": "2026-11-26T10:00:00Z",
             "updatedAt": "2026-11-26T10:00:00Z", "disabledAt": None, "disabledReason": None, "events": [],
             "previousSecretExpiresAt": None}
        ),
    )
    client.webhooks.set("https://a.example/h")
    assert json.loads(webhook.calls.last.request.content) == {"url": "https://a.example/h"}
