"""client.events: the events recorded for this key's mode, oldest first (what webhooks deliver)."""

from typing import AsyncIterator, Iterator, List, Optional, Union

from .._call import Call, data_of, page_of
from .._pagination import Page, aiterate_pages, iterate_pages
from .._transport import AsyncTransport, SyncTransport
from ..models import WebhookEvent, WebhookEventType
from ._base import Resource, segment

EVENTS = "/api/v1/events"
EventTypes = Optional[List[Union[WebhookEventType, str]]]


class _Calls:
    @staticmethod
    def list(after: Optional[str], types: EventTypes, limit: Optional[int], cursor: Optional[str]) -> "Call[Page[WebhookEvent]]":
        params = {"after": after, "types": types, "limit": limit, "cursor": cursor}
        return Call("GET", EVENTS, page_of(WebhookEvent), params=params)

    @staticmethod
    def get(event_id: str) -> "Call[WebhookEvent]":
        return Call("GET", f"{EVENTS}/{segment(event_id)}", data_of(WebhookEvent))


class Events(Resource[SyncTransport]):
    def list(
        self,
        *,
        after: Optional[str] = None,
        types: EventTypes = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
    ) -> "Page[WebhookEvent]":
        """Events after ``after`` (an event id), oldest first; each typed by its ``event``."""
        return self._transport.send(_Calls.list(after, types, limit, cursor))

    def list_all(self, *, after: Optional[str] = None, types: EventTypes = None, limit: Optional[int] = None) -> "Iterator[WebhookEvent]":
        # The first page starts after `after`; the next ones at their cursor.
        return iterate_pages(lambda cursor: self.list(after=None if cursor else after, types=types, limit=limit, cursor=cursor))

    def get(self, event_id: str) -> WebhookEvent:
        return self._transport.send(_Calls.get(event_id))


class AsyncEvents(Resource[AsyncTransport]):
    async def list(
        self,
        *,
        after: Optional[str] = None,
        types: EventTypes = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
    ) -> "Page[WebhookEvent]":
        return await self._transport.send(_Calls.list(after, types, limit, cursor))

    def list_all(
        self, *, after: Optional[str] = None, types: EventTypes = None, limit: Optional[int] = None
    ) -> "AsyncIterator[WebhookEvent]":
        return aiterate_pages(lambda cursor: self.list(after=None if cursor else after, types=types, limit=limit, cursor=cursor))

    async def get(self, event_id: str) -> WebhookEvent:
        return await self._transport.send(_Calls.get(event_id))


__all__ = ["Events", "AsyncEvents"]
