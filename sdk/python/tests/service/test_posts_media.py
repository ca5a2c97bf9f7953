"""posts and media against the running service: publish, validate, drafts, edits, cancel, unpublish,
metrics, attempts, pagination and idempotency."""

import base64
import os
import uuid
from datetime import datetime, timedelta, timezone

import httpx
import pytest

from social_publishing import BadRequestError, ConflictError, UnprocessableEntityError
from social_publishing.models import (
    ContainerBody,
    CreatePostBody,
    DeliveryErrorCode,
    MediaState,
    PostFailedEvent,
    PostStatus,
    UnpublishOutcome,
)

from .conftest import SECRET, TENANT, delivered, published, until

# A 1x1 PNG.
PNG = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==")


def test_publishes_and_reads_the_post_back(client, account, published_post):
    [delivery] = published_post.deliveries
    assert (delivery.account_id, delivery.status.value, delivery.platform.value) == (account.id, "published", "x")
    assert delivery.platform_post_id


def test_validate_says_what_a_network_would_refuse(client, account):
    ok = client.posts.validate(tenant_id=TENANT, accounts=[account.id], containers=[{"content": "Fine"}])
    assert ok.valid and [v.account_id for v in ok.accounts] == [account.id]
    too_long = client.posts.validate(tenant_id=TENANT, accounts=[account.id], containers=[{"content": "x" * 281}])
    assert not too_long.valid
    with pytest.raises(UnprocessableEntityError) as raised:
        client.posts.create(tenant_id=TENANT, accounts=[account.id], containers=[{"content": "x" * 281}])
    assert raised.value.details


def test_the_same_idempotency_key_creates_one_post(client, account):
    key = str(uuid.uuid4())
    body = CreatePostBody(tenant_id=TENANT, accounts=[account.id], containers=[{"content": "Once"}], draft=True)
    first = client.posts.create(body, idempotency_key=key)
    again = client.posts.create(body, idempotency_key=key)
    assert again.id == first.id
    with pytest.raises(ConflictError) as raised:
        client.posts.create(body.model_copy(update={"containers": [ContainerBody(content="Another")]}), idempotency_key=key)
    assert raised.value.code == "idempotency_key_reused"


def test_a_draft_is_patched_published_and_a_scheduled_one_canceled(client, account):
    draft = client.posts.create(tenant_id=TENANT, accounts=[account.id], containers=[{"content": "Draft"}], draft=True)
    assert draft.status == PostStatus.DRAFT
    verdict = client.posts.validate_patch(draft.id, containers=[{"content": "Draft, edited"}])
    assert verdict.valid
    client.posts.patch(draft.id, containers=[{"content": "Draft, edited"}])
    out = client.posts.publish(draft.id)
    assert out.id == draft.id
    done = published(client, draft.id)
    assert done.status == PostStatus.PUBLISHED
    with pytest.raises(ConflictError) as raised:
        client.posts.publish(draft.id)
    assert raised.value.code == "post_not_draft"

    tomorrow = datetime.now(timezone.utc).replace(microsecond=0) + timedelta(days=1)
    later = client.posts.create(
        tenant_id=TENANT, accounts=[account.id], containers=[{"content": "Later"}], scheduled_at=tomorrow
    )
    assert later.status == PostStatus.SCHEDULED and later.scheduled_at == tomorrow
    assert client.posts.cancel(later.id).status == PostStatus.CANCELED


def test_unpublishes_metrics_and_attempts(client, account):
    post = published(
        client, client.posts.create(tenant_id=TENANT, accounts=[account.id], containers=[{"content": "Short-lived"}]).id
    )
    [delivery] = post.deliveries
    attempts = client.posts.list_attempts(post.id, delivery.id)
    assert [a.number for a in attempts][:1] == [1]
    metrics = client.posts.metrics(post.id)
    assert [d.delivery_id for d in metrics.deliveries] == [delivery.id]
    outcome = client.posts.unpublish(post.id)
    assert [(d.delivery_id, d.outcome) for d in outcome.deliveries] == [(delivery.id, UnpublishOutcome.DELETING)]


def test_pages_through_posts(client, account):
    made = [
        client.posts.create(tenant_id=TENANT, accounts=[account.id], containers=[{"content": f"Page {i}"}], draft=True).id
        for i in range(3)
    ]
    first = client.posts.list(tenant_id=TENANT, status="draft", limit=2)
    assert len(first) == 2 and first.next_cursor
    every = [p.id for p in client.posts.list_all(tenant_id=TENANT, status="draft", limit=2)]
    assert set(made) <= set(every) and len(every) == len(set(every))


def test_uploads_a_medium(client):
    created = client.media.create(content_type="image/png", size=len(PNG), filename="dot.png")
    assert created.state == MediaState.AWAITING_UPLOAD
    put = httpx.put(created.upload_url, content=PNG, headers={"Content-Type": "image/png"})
    assert put.status_code == 200, put.text
    medium = until("the medium ready", lambda: (lambda m: m if m.state == MediaState.READY else None)(client.media.get(created.id)))
    assert medium.size == len(PNG)
    assert created.id in [m.id for m in client.media.list_all(limit=1)]
    with pytest.raises(BadRequestError):
        client.media.create(content_type="image/png", size=10**12)


def test_comments_of_a_published_delivery_and_an_answer(client, published_post):
    [delivery] = published_post.deliveries
    comments = client.posts.list_comments(published_post.id, delivery_id=delivery.id)
    assert comments.next_cursor is None and all(c.id for c in comments)
    request = client.posts.create_comment(published_post.id, delivery_id=delivery.id, text="Thanks for reading")
    again = client.posts.get_comment_request(published_post.id, request.id)
    assert again.id == request.id


def test_account_metrics(client, account):
    metrics = client.accounts.metrics(account.id)
    assert metrics.account_id == account.id


def test_a_failed_delivery_is_retried(client, account, receiver):
    # The sandbox's X refuses the next publish as a duplicate (docs/test-mode.md, "Faults").
    fault = httpx.post(
        f"{os.environ['SPS_API_URL']}/emulator/control/faults",
        headers={"Authorization": f"Bearer {os.environ['SPS_API_KEY']}"},
        json={"network": "x", "fault": "duplicate", "count": 1},
    )
    assert fault.status_code == 201, fault.text
    accepted = client.posts.create(tenant_id=TENANT, accounts=[account.id], containers=[{"content": "Said twice"}])
    failed = until("the delivery to fail", lambda: (lambda p: p if p.status == PostStatus.FAILED else None)(client.posts.get(accepted.id)))
    [delivery] = failed.deliveries
    assert delivery.error.code == DeliveryErrorCode.NETWORK_REJECTED
    _, event = delivered(receiver, SECRET, PostFailedEvent, lambda e: e.data.service_post_id == accepted.id)
    assert event.data.error_code == DeliveryErrorCode.NETWORK_REJECTED
    client.posts.retry_delivery(accepted.id, delivery.id)
    assert published(client, accepted.id).deliveries[0].status.value == "published"
