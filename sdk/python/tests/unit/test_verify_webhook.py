"""verify_webhook against signatures made by the service's own signer (src/webhooks/webhook-signature.ts,
run once to make the constants below) and the Standard Webhooks specification's test vector.
The service tests verify real deliveries too."""

import pytest

from social_publishing import WebhookVerificationError, verify_webhook
from social_publishing.models import PostPublishedEvent

BODY = (
    '{"id":"evt_unit1","event":"post.published","tenantId":"tenant-1","timestamp":"2026-11-26T10:00:00.000Z",'
    '"livemode":false,"data":{"servicePostId":"pst_1","deliveryId":"dlv_1","connectedAccountId":"acc_1",'
    '"platform":"x","platformPostId":"1790","permalink":"https://x.com/i/status/1790"}}'
).encode()
NEW_SECRET = "whsec_bmV3LXNlY3JldC1ieXRlcy0wMTIzNDU2Nzg5YWJjZGVm"  # made by the service: whsec_ + base64
OLD_SECRET = "an-old-secret-of-the-customers-own-choosing"  # chosen by the customer: used as UTF-8
SENT_AT = 1795687200
# What the service sent during a rotation's overlap: webhook-signature with the new and the old
# secret, X-Service-Signature with the new one only.
HEADERS = {
    "Content-Type": "application/json",
    "X-Service-Signature": "d2ae0d0f69856064de7e9406bd6845a89557bd8f54e613c1d7dc895e358e6d71",
    "X-Service-Event-Id": "evt_unit1",
    "X-Service-Timestamp": str(SENT_AT),
    "webhook-id": "evt_unit1",
    "webhook-timestamp": str(SENT_AT),
    "webhook-signature": "v1,btxefM6M5+BeYckMt0V74h/Au73Mp1t31XQbjVoPKRU= v1,AaXHCpI659uyDCgIUOMZzOBHHVPrMbp3Cr3m763OoEM=",
}
SERVICE_ONLY = {k: v for k, v in HEADERS.items() if not k.startswith("webhook-")}


def reason(headers, body=BODY, secret=NEW_SECRET, **options):
    with pytest.raises(WebhookVerificationError) as raised:
        verify_webhook(headers, body, secret, now=options.pop("now", SENT_AT), **options)
    return raised.value.reason


def test_returns_the_typed_event():
    event = verify_webhook(HEADERS, BODY, NEW_SECRET, now=SENT_AT)
    assert isinstance(event, PostPublishedEvent)
    assert (event.id, event.data.platform_post_id, event.data.service_post_id, event.livemode) == ("evt_unit1", "1790", "pst_1", False)


@pytest.mark.parametrize("secrets", [NEW_SECRET, OLD_SECRET, [NEW_SECRET, OLD_SECRET], [OLD_SECRET, "whsec_c29tZW9uZQ=="]])
def test_either_secret_of_a_rotation_verifies(secrets):
    assert verify_webhook(HEADERS, BODY, secrets, now=SENT_AT).id == "evt_unit1"


def test_headers_in_any_case_and_a_str_body():
    upper = {k.upper(): v for k, v in HEADERS.items()}
    assert verify_webhook(upper, BODY.decode(), NEW_SECRET, now=SENT_AT).id == "evt_unit1"
    multi = {k: [v] for k, v in HEADERS.items()}
    assert verify_webhook(multi, BODY, NEW_SECRET, now=SENT_AT).id == "evt_unit1"


def test_refuses_a_tampered_body_another_secret_and_a_replayed_timestamp():
    assert reason(HEADERS, BODY.replace(b"pst_1", b"pst_2")) == "signature_mismatch"
    assert reason(HEADERS, secret="whsec_c29tZW9uZSBlbHNl") == "signature_mismatch"
    assert reason({**HEADERS, "webhook-timestamp": str(SENT_AT + 60)}, now=SENT_AT + 60) == "signature_mismatch"


def test_holds_the_timestamp_to_the_tolerance():
    assert reason(HEADERS, now=SENT_AT + 301) == "timestamp_out_of_tolerance"
    assert reason(HEADERS, now=SENT_AT - 301) == "timestamp_out_of_tolerance"
    assert verify_webhook(HEADERS, BODY, NEW_SECRET, now=SENT_AT + 300).id == "evt_unit1"
    assert verify_webhook(HEADERS, BODY, NEW_SECRET, now=SENT_AT + 900, tolerance_seconds=1000).id == "evt_unit1"
    assert reason({**HEADERS, "webhook-timestamp": "yesterday"}) == "bad_timestamp"


def test_a_missing_standard_header_is_refused_not_skipped():
    partial = {k: v for k, v in HEADERS.items() if k != "webhook-signature"}
    assert reason(partial) == "missing_header"
    assert reason({"Content-Type": "application/json"}) == "missing_header"


def test_x_service_signature_verifies_alone_with_the_secret_as_utf8():
    assert verify_webhook(SERVICE_ONLY, BODY, NEW_SECRET, now=SENT_AT).id == "evt_unit1"
    # Made with the current secret only: the old one of a rotation does not match it.
    assert reason(SERVICE_ONLY, secret=OLD_SECRET) == "signature_mismatch"
    assert reason(SERVICE_ONLY, BODY.replace(b"1790", b"1791")) == "signature_mismatch"
    assert reason(SERVICE_ONLY, now=SENT_AT + 301) == "timestamp_out_of_tolerance"


def test_the_body_must_be_the_signed_event():
    assert reason({**SERVICE_ONLY, "X-Service-Event-Id": "evt_other"}) == "bad_body"


def test_the_standard_webhooks_test_vector():
    # standardwebhooks.com's reference vector: the signature verifies (then the body, not an event of ours, is refused).
    headers = {
        "webhook-id": "msg_p5jXN8AQM9LWM0D4loKWxJek",
        "webhook-timestamp": "1614265330",
        "webhook-signature": "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    }
    body = b'{"test": 2432232314}'
    secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    assert reason(headers, body, secret, now=1614265330) == "bad_body"
    assert reason(headers, body + b" ", secret, now=1614265330) == "signature_mismatch"


def test_no_secret_is_a_programming_error():
    with pytest.raises(TypeError):
        verify_webhook(HEADERS, BODY, [])
    with pytest.raises(TypeError):
        verify_webhook(HEADERS, BODY, "")
