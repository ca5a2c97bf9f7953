"""The generated models read the API's JSON and write it back in the API's names."""

from pydantic import TypeAdapter

from social_publishing.models import (
    AuthUrlBody,
    OptionsCapabilitiesView,
    PostPublishedEvent,
    PostView,
    RotateSecretBody,
    WebhookEvent,
    WebhookTestEvent,
)


def test_camel_case_json_in_snake_case_attributes_out():
    post = PostView.model_validate(
        {
            "id": "pst_1",
            "status": "scheduled",
            "tenantId": "t",
            "scheduledAt": "2026-12-01T09:00:00Z",
            "createdAt": "2026-11-26T10:00:00.000Z",
            "deliveries": [],
            "aFieldOfANewerService": 1,
        }
    )
    assert post.scheduled_at.isoformat() == "2026-12-01T09:00:00+00:00"
    assert post.model_extra == {"aFieldOfANewerService": 1}


def test_bodies_dump_the_api_names_including_its_snake_case_ones():
    body = AuthUrlBody(tenant_id="t", redirect_uri="https://app.example/connected", client_state="u-7")
    assert body.model_dump(by_alias=True, exclude_none=True) == {
        "tenant_id": "t",
        "redirect_uri": "https://app.example/connected",
        "clientState": "u-7",
    }
    assert RotateSecretBody(overlap_seconds=60).model_dump(by_alias=True, exclude_none=True) == {"overlapSeconds": 60}


def test_a_field_named_like_a_pydantic_method_is_renamed():
    view = OptionsCapabilitiesView.model_validate({"names": ["poll"], "schema": {"type": "object"}})
    assert view.json_schema == {"type": "object"}


def test_webhook_event_is_a_union_told_apart_by_event():
    adapter = TypeAdapter(WebhookEvent)
    test_event = adapter.validate_python(
        {"id": "evt_1", "event": "webhook.test", "tenantId": None, "timestamp": "2026-11-26T10:00:00Z", "livemode": False, "data": {"message": "hi"}}
    )
    assert isinstance(test_event, WebhookTestEvent)
    assert PostPublishedEvent.model_fields["event"].annotation.__args__ == ("post.published",)
