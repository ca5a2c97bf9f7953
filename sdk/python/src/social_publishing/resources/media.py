"""client.media: announcing a medium (an upload URL to PUT its bytes to) and reading its state."""

from typing import Any, AsyncIterator, Iterator, Optional

from .._call import Body, Call, body_json, data_of, page_of
from .._pagination import Page, aiterate_pages, iterate_pages
from .._transport import AsyncTransport, SyncTransport
from ..models import CreatedMediaView, CreateMediaBody, MediaView
from ._base import Resource, segment

MEDIA = "/api/v1/media"


class _Calls:
    @staticmethod
    def create(body: Body, fields: Any) -> "Call[CreatedMediaView]":
        return Call("POST", MEDIA, data_of(CreatedMediaView), json=body_json(CreateMediaBody, body, fields))

    @staticmethod
    def get(id: str) -> "Call[MediaView]":
        return Call("GET", f"{MEDIA}/{segment(id)}", data_of(MediaView))

    @staticmethod
    def list(limit: Optional[int], cursor: Optional[str]) -> "Call[Page[MediaView]]":
        return Call("GET", MEDIA, page_of(MediaView), params={"limit": limit, "cursor": cursor})


class Media(Resource[SyncTransport]):
    def create(self, body: Body = None, **fields: Any) -> CreatedMediaView:
        """POST /media (``content_type=..., size=..., filename=...``): the medium's id and the URL to PUT it to."""
        return self._transport.send(_Calls.create(body, fields))

    def get(self, id: str) -> MediaView:
        return self._transport.send(_Calls.get(id))

    def list(self, *, limit: Optional[int] = None, cursor: Optional[str] = None) -> Page[MediaView]:
        return self._transport.send(_Calls.list(limit, cursor))

    def list_all(self, *, limit: Optional[int] = None) -> Iterator[MediaView]:
        return iterate_pages(lambda cursor: self.list(limit=limit, cursor=cursor))


class AsyncMedia(Resource[AsyncTransport]):
    async def create(self, body: Body = None, **fields: Any) -> CreatedMediaView:
        return await self._transport.send(_Calls.create(body, fields))

    async def get(self, id: str) -> MediaView:
        return await self._transport.send(_Calls.get(id))

    async def list(self, *, limit: Optional[int] = None, cursor: Optional[str] = None) -> Page[MediaView]:
        return await self._transport.send(_Calls.list(limit, cursor))

    def list_all(self, *, limit: Optional[int] = None) -> AsyncIterator[MediaView]:
        return aiterate_pages(lambda cursor: self.list(limit=limit, cursor=cursor))


__all__ = ["Media", "AsyncMedia"]
