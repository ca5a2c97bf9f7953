"""client.webhooks: the endpoint events are sent to, its secret, a test event, and the deliveries."""

from typing import AsyncIterator, Iterator, List, Optional, Union

from .._call import Call, body_json, data_of, given, page_of
from .._pagination import Page, aiterate_pages, iterate_pages
from .._transport import AsyncTransport, SyncTransport
from ..models import (
    DeletedWebhookView,
    EventDeliveryStatus,
    EventDeliveryView,
    PutWebhookBody,
    RotateSecretBody,
    SubscribableEventType,
    TestAttemptView,
    WebhookEventType,
    WebhookView,
    WebhookWithSecretView,
)
from ._base import Resource, segment

WEBHOOKS = "/api/v1/webhooks"


class _Calls:
    @staticmethod
    def set(
        url: str, webhook_secret: Optional[str], events: Optional[List[Union[SubscribableEventType, str]]]
    ) -> "Call[WebhookWithSecretView]":
        fields = given(url=url, webhook_secret=webhook_secret, events=events)
        return Call("PUT", WEBHOOKS, data_of(WebhookWithSecretView), json=body_json(PutWebhookBody, None, fields))

    @staticmethod
    def get() -> "Call[WebhookView]":
        return Call("GET", WEBHOOKS, data_of(WebhookView))

    @staticmethod
    def delete() -> "Call[DeletedWebhookView]":
        return Call("DELETE", WEBHOOKS, data_of(DeletedWebhookView))

    @staticmethod
    def rotate_secret(overlap_seconds: Optional[int]) -> "Call[WebhookWithSecretView]":
        json = body_json(RotateSecretBody, None, given(overlap_seconds=overlap_seconds))
        return Call("POST", f"{WEBHOOKS}/secret/rotate", data_of(WebhookWithSecretView), json=json)

    @staticmethod
    def test() -> "Call[TestAttemptView]":
        return Call("POST", f"{WEBHOOKS}/test", data_of(TestAttemptView))

    @staticmethod
    def list_deliveries(
        event: Union[WebhookEventType, str, None],
        status: Union[EventDeliveryStatus, str, None],
        limit: Optional[int],
        cursor: Optional[str],
    ) -> "Call[Page[EventDeliveryView]]":
        params = {"event": event, "status": status, "limit": limit, "cursor": cursor}
        return Call("GET", f"{WEBHOOKS}/deliveries", page_of(EventDeliveryView), params=params)

    @staticmethod
    def resend(event_id: str) -> "Call[EventDeliveryView]":
        return Call("POST", f"{WEBHOOKS}/deliveries/{segment(event_id)}/resend", data_of(EventDeliveryView))


class Webhooks(Resource[SyncTransport]):
    def set(
        self,
        url: str,
        *,
        webhook_secret: Optional[str] = None,
        events: Optional[List[Union[SubscribableEventType, str]]] = None,
    ) -> WebhookWithSecretView:
        """PUT /webhooks. Without ``webhook_secret`` the service makes one, shown once as ``webhook_secret``."""
        return self._transport.send(_Calls.set(url, webhook_secret, events))

    def get(self) -> WebhookView:
        return self._transport.send(_Calls.get())

    def delete(self) -> DeletedWebhookView:
        return self._transport.send(_Calls.delete())

    def rotate_secret(self, *, overlap_seconds: Optional[int] = None) -> WebhookWithSecretView:
        """A new secret; the old one keeps signing (webhook-signature) for ``overlap_seconds``."""
        return self._transport.send(_Calls.rotate_secret(overlap_seconds))

    def test(self) -> TestAttemptView:
        """Sends a ``webhook.test`` event to the endpoint now, and says how it answered."""
        return self._transport.send(_Calls.test())

    def list_deliveries(
        self,
        *,
        event: Union[WebhookEventType, str, None] = None,
        status: Union[EventDeliveryStatus, str, None] = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
    ) -> Page[EventDeliveryView]:
        return self._transport.send(_Calls.list_deliveries(event, status, limit, cursor))

    def list_all_deliveries(
        self,
        *,
        event: Union[WebhookEventType, str, None] = None,
        status: Union[EventDeliveryStatus, str, None] = None,
        limit: Optional[int] = None,
    ) -> Iterator[EventDeliveryView]:
        return iterate_pages(lambda c: self.list_deliveries(event=event, status=status, limit=limit, cursor=c))

    def resend(self, event_id: str) -> EventDeliveryView:
        return self._transport.send(_Calls.resend(event_id))


class AsyncWebhooks(Resource[AsyncTransport]):
    async def set(
        self,
        url: str,
        *,
        webhook_secret: Optional[str] = None,
        events: Optional[List[Union[SubscribableEventType, str]]] = None,
    ) -> WebhookWithSecretView:
        return await self._transport.send(_Calls.set(url, webhook_secret, events))

    async def get(self) -> WebhookView:
        return await self._transport.send(_Calls.get())

    async def delete(self) -> DeletedWebhookView:
        return await self._transport.send(_Calls.delete())

    async def rotate_secret(self, *, overlap_seconds: Optional[int] = None) -> WebhookWithSecretView:
        return await self._transport.send(_Calls.rotate_secret(overlap_seconds))

    async def test(self) -> TestAttemptView:
        return await self._transport.send(_Calls.test())

    async def list_deliveries(
        self,
        *,
        event: Union[WebhookEventType, str, None] = None,
        status: Union[EventDeliveryStatus, str, None] = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
    ) -> Page[EventDeliveryView]:
        return await self._transport.send(_Calls.list_deliveries(event, status, limit, cursor))

    def list_all_deliveries(
        self,
        *,
        event: Union[WebhookEventType, str, None] = None,
        status: Union[EventDeliveryStatus, str, None] = None,
        limit: Optional[int] = None,
    ) -> AsyncIterator[EventDeliveryView]:
        return aiterate_pages(lambda c: self.list_deliveries(event=event, status=status, limit=limit, cursor=c))

    async def resend(self, event_id: str) -> EventDeliveryView:
        return await self._transport.send(_Calls.resend(event_id))


__all__ = ["Webhooks", "AsyncWebhooks"]
