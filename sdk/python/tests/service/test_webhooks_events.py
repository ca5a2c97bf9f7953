"""verify_webhook on the deliveries the service really sent to the receiver; the webhook's routes
and the event history."""

import pytest

from social_publishing import NotFoundError, WebhookVerificationError, verify_webhook
from social_publishing.models import (
    AccountConnectedEvent,
    EventDeliveryStatus,
    PostPublishedEvent,
    WebhookTestEvent,
)

from .conftest import SECRET, delivered, until


def test_verifies_real_deliveries_typed(receiver, account, published_post):
    _, connected = delivered(receiver, SECRET, AccountConnectedEvent, lambda e: e.data.connected_account_id == account.id)
    assert (connected.data.client_state, connected.livemode) == ("user-7", False)
    receipt, event = delivered(receiver, SECRET, PostPublishedEvent, lambda e: e.data.service_post_id == published_post.id)
    assert event.data.platform_post_id == published_post.deliveries[0].platform_post_id
    # The body as a str, and the X-Service-Signature alone (no Standard Webhooks headers), verify too.
    assert verify_webhook(receipt.headers, receipt.raw.decode(), SECRET).id == event.id
    service_only = {k: v for k, v in receipt.headers.items() if not k.lower().startswith("webhook-")}
    assert verify_webhook(service_only, receipt.raw, SECRET).id == event.id


def test_refuses_tampering_another_secret_and_a_replay(receiver, published_post):
    receipt, _ = delivered(receiver, SECRET, PostPublishedEvent, lambda e: e.data.service_post_id == published_post.id)
    sent_at = int(receipt.headers["webhook-timestamp"])

    def refusal(headers=receipt.headers, body=receipt.raw, secret=SECRET, now=None):
        with pytest.raises(WebhookVerificationError) as raised:
            verify_webhook(headers, body, secret, now=now)
        return raised.value.reason

    assert refusal(body=receipt.raw.replace(published_post.id.encode(), b"pst_someoneelse")) == "signature_mismatch"
    assert refusal(secret=SECRET + "x") == "signature_mismatch"
    assert refusal(now=sent_at + 301) == "timestamp_out_of_tolerance"
    assert refusal(headers={**receipt.headers, "webhook-timestamp": str(sent_at + 60)}, now=sent_at + 60) == "signature_mismatch"


def test_a_rotation_verifies_with_the_old_the_new_or_both(client, receiver, webhook):
    rotated = client.webhooks.rotate_secret(overlap_seconds=3600)
    new_secret = rotated.webhook_secret
    assert new_secret and new_secret.startswith("whsec_") and rotated.previous_secret_expires_at
    attempt = client.webhooks.test()
    assert attempt.delivered
    receipt = until("the test delivery", lambda: next((r for r in receiver.receipts if attempt.event_id.encode() in r.raw), None))
    assert len(receipt.headers["webhook-signature"].split(" ")) == 2
    for secrets in (SECRET, new_secret, [new_secret, SECRET]):
        assert isinstance(verify_webhook(receipt.headers, receipt.raw, secrets), WebhookTestEvent)
    with pytest.raises(WebhookVerificationError):
        verify_webhook(receipt.headers, receipt.raw, "whsec_c29tZW9uZSBlbHNlJ3Mgc2VjcmV0")
    # Back to the secret the other tests verify with.
    client.webhooks.set(receiver.url, webhook_secret=SECRET)


def test_lists_deliveries_resends_and_reads_the_event_history(client, receiver, published_post):
    deliveries = list(client.webhooks.list_all_deliveries(event="post.published", limit=1))
    assert deliveries and all(d.event.value == "post.published" for d in deliveries)
    assert any(d.status == EventDeliveryStatus.DELIVERED for d in deliveries)
    resent = client.webhooks.resend(deliveries[0].id)
    assert resent.id == deliveries[0].id
    events = list(client.events.list_all(types=["post.published", "account.connected"], limit=2))
    assert {type(e) for e in events} == {PostPublishedEvent, AccountConnectedEvent}
    one = client.events.get(events[0].id)
    assert one.id == events[0].id and type(one) is type(events[0])
    assert client.webhooks.get().url == receiver.url


def test_deletes_the_webhook_and_sets_it_again(client, receiver):
    gone = client.webhooks.delete()
    assert (gone.deleted, gone.url) == (True, receiver.url)
    with pytest.raises(NotFoundError):
        client.webhooks.get()
    client.webhooks.set(receiver.url, webhook_secret=SECRET)
    assert client.webhooks.get().url == receiver.url
