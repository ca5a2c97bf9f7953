"""client.posts: publish, schedule, validate, edit, cancel and unpublish posts; their deliveries,
attempts, comments and metrics."""

from typing import Any, AsyncIterator, Iterator, Optional, Union

from .._call import Body, Call, body_json, data_of, new_idempotency_key, page_of
from .._pagination import Page, aiterate_pages, iterate_pages
from .._transport import AsyncTransport, SyncTransport
from ..models import (
    CommentRequestView,
    CommentView,
    CreateCommentBody,
    CreatePostBody,
    DeliveryAttemptView,
    PatchPostBody,
    PostMetricsView,
    PostStatus,
    PostVerdictView,
    PostView,
    UnpublishView,
)
from ._base import Resource, segment

POSTS = "/api/v1/posts"


def _post(id: str) -> str:
    return f"{POSTS}/{segment(id)}"


class _Calls:
    """Each operation of the posts family, as a Call."""

    @staticmethod
    def create(body: Body, idempotency_key: Optional[str], fields: Any) -> "Call[PostView]":
        # A key of our own when the caller gives none: a retry after a lost answer creates nothing twice.
        key = idempotency_key or new_idempotency_key()
        return Call("POST", POSTS, data_of(PostView), json=body_json(CreatePostBody, body, fields), idempotency_key=key)

    @staticmethod
    def validate(body: Body, fields: Any) -> "Call[PostVerdictView]":
        return Call("POST", f"{POSTS}/validate", data_of(PostVerdictView), json=body_json(CreatePostBody, body, fields))

    @staticmethod
    def get(id: str) -> "Call[PostView]":
        return Call("GET", _post(id), data_of(PostView))

    @staticmethod
    def list(
        tenant_id: Optional[str], status: Union[PostStatus, str, None], limit: Optional[int], cursor: Optional[str]
    ) -> "Call[Page[PostView]]":
        params = {"tenantId": tenant_id, "status": status, "limit": limit, "cursor": cursor}
        return Call("GET", POSTS, page_of(PostView), params=params)

    @staticmethod
    def patch(id: str, body: Body, idempotency_key: Optional[str], fields: Any) -> "Call[PostView]":
        key = idempotency_key or new_idempotency_key()
        return Call("PATCH", _post(id), data_of(PostView), json=body_json(PatchPostBody, body, fields), idempotency_key=key)

    @staticmethod
    def validate_patch(id: str, body: Body, fields: Any) -> "Call[PostVerdictView]":
        return Call("POST", f"{_post(id)}/validate", data_of(PostVerdictView), json=body_json(PatchPostBody, body, fields))

    @staticmethod
    def cancel(id: str) -> "Call[PostView]":
        return Call("DELETE", _post(id), data_of(PostView))

    @staticmethod
    def publish(id: str, idempotency_key: Optional[str]) -> "Call[PostView]":
        key = idempotency_key or new_idempotency_key()
        return Call("POST", f"{_post(id)}/publish", data_of(PostView), idempotency_key=key)

    @staticmethod
    def unpublish(id: str) -> "Call[UnpublishView]":
        return Call("POST", f"{_post(id)}/unpublish", data_of(UnpublishView))

    @staticmethod
    def retry_delivery(id: str, delivery_id: str) -> "Call[PostView]":
        return Call("POST", f"{_post(id)}/deliveries/{segment(delivery_id)}/retry", data_of(PostView))

    @staticmethod
    def list_attempts(id: str, delivery_id: str, limit: Optional[int], cursor: Optional[str]) -> "Call[Page[DeliveryAttemptView]]":
        path = f"{_post(id)}/deliveries/{segment(delivery_id)}/attempts"
        return Call("GET", path, page_of(DeliveryAttemptView), params={"limit": limit, "cursor": cursor})

    @staticmethod
    def list_comments(id: str, delivery_id: str, limit: Optional[int], cursor: Optional[str]) -> "Call[Page[CommentView]]":
        params = {"deliveryId": delivery_id, "limit": limit, "cursor": cursor}
        return Call("GET", f"{_post(id)}/comments", page_of(CommentView), params=params)

    @staticmethod
    def create_comment(id: str, body: Body, idempotency_key: Optional[str], fields: Any) -> "Call[CommentRequestView]":
        key = idempotency_key or new_idempotency_key()
        json = body_json(CreateCommentBody, body, fields)
        return Call("POST", f"{_post(id)}/comments", data_of(CommentRequestView), json=json, idempotency_key=key)

    @staticmethod
    def get_comment_request(id: str, request_id: str) -> "Call[CommentRequestView]":
        return Call("GET", f"{_post(id)}/comment-requests/{segment(request_id)}", data_of(CommentRequestView))

    @staticmethod
    def metrics(id: str) -> "Call[PostMetricsView]":
        return Call("GET", f"{_post(id)}/metrics", data_of(PostMetricsView))


class Posts(Resource[SyncTransport]):
    """Posts: ``create`` publishes (or schedules, or keeps a draft); ``validate`` says what a network
    would refuse without publishing. Bodies are given as keyword fields (``tenant_id=...,
    accounts=[...], containers=[{"content": "Hello"}]``), a model (``CreatePostBody``) or a mapping in
    the API's own names."""

    def create(self, body: Body = None, *, idempotency_key: Optional[str] = None, **fields: Any) -> PostView:
        """POST /posts. An Idempotency-Key is made when none is given, and kept across the retries."""
        return self._transport.send(_Calls.create(body, idempotency_key, fields))

    def validate(self, body: Body = None, **fields: Any) -> PostVerdictView:
        """POST /posts/validate: the verdict per account; writes nothing."""
        return self._transport.send(_Calls.validate(body, fields))

    def get(self, id: str) -> PostView:
        return self._transport.send(_Calls.get(id))

    def list(
        self,
        *,
        tenant_id: Optional[str] = None,
        status: Union[PostStatus, str, None] = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
    ) -> Page[PostView]:
        """One page, newest first; ``page.next_cursor`` asks for the next. ``list_all`` walks them all."""
        return self._transport.send(_Calls.list(tenant_id, status, limit, cursor))

    def list_all(
        self, *, tenant_id: Optional[str] = None, status: Union[PostStatus, str, None] = None, limit: Optional[int] = None
    ) -> Iterator[PostView]:
        return iterate_pages(lambda cursor: self.list(tenant_id=tenant_id, status=status, limit=limit, cursor=cursor))

    def patch(self, id: str, body: Body = None, *, idempotency_key: Optional[str] = None, **fields: Any) -> PostView:
        """PATCH /posts/{id}: edit a post before it publishes (or the text of a published one)."""
        return self._transport.send(_Calls.patch(id, body, idempotency_key, fields))

    def validate_patch(self, id: str, body: Body = None, **fields: Any) -> PostVerdictView:
        return self._transport.send(_Calls.validate_patch(id, body, fields))

    def cancel(self, id: str) -> PostView:
        """DELETE /posts/{id}: cancels what has not published yet (a draft, a scheduled post)."""
        return self._transport.send(_Calls.cancel(id))

    def publish(self, id: str, *, idempotency_key: Optional[str] = None) -> PostView:
        """POST /posts/{id}/publish: publishes a draft."""
        return self._transport.send(_Calls.publish(id, idempotency_key))

    def unpublish(self, id: str) -> UnpublishView:
        """POST /posts/{id}/unpublish: deletes the published deliveries from their networks."""
        return self._transport.send(_Calls.unpublish(id))

    def retry_delivery(self, id: str, delivery_id: str) -> PostView:
        return self._transport.send(_Calls.retry_delivery(id, delivery_id))

    def list_attempts(
        self, id: str, delivery_id: str, *, limit: Optional[int] = None, cursor: Optional[str] = None
    ) -> Page[DeliveryAttemptView]:
        return self._transport.send(_Calls.list_attempts(id, delivery_id, limit, cursor))

    def list_comments(
        self, id: str, *, delivery_id: str, limit: Optional[int] = None, cursor: Optional[str] = None
    ) -> Page[CommentView]:
        return self._transport.send(_Calls.list_comments(id, delivery_id, limit, cursor))

    def list_all_comments(self, id: str, *, delivery_id: str, limit: Optional[int] = None) -> Iterator[CommentView]:
        return iterate_pages(lambda cursor: self.list_comments(id, delivery_id=delivery_id, limit=limit, cursor=cursor))

    def create_comment(
        self, id: str, body: Body = None, *, idempotency_key: Optional[str] = None, **fields: Any
    ) -> CommentRequestView:
        """POST /posts/{id}/comments: answers under a delivery (``delivery_id=..., text=...``)."""
        return self._transport.send(_Calls.create_comment(id, body, idempotency_key, fields))

    def get_comment_request(self, id: str, request_id: str) -> CommentRequestView:
        return self._transport.send(_Calls.get_comment_request(id, request_id))

    def metrics(self, id: str) -> PostMetricsView:
        return self._transport.send(_Calls.metrics(id))


class AsyncPosts(Resource[AsyncTransport]):
    """The asynchronous twin of ``Posts``: the same methods, awaited."""

    async def create(self, body: Body = None, *, idempotency_key: Optional[str] = None, **fields: Any) -> PostView:
        return await self._transport.send(_Calls.create(body, idempotency_key, fields))

    async def validate(self, body: Body = None, **fields: Any) -> PostVerdictView:
        return await self._transport.send(_Calls.validate(body, fields))

    async def get(self, id: str) -> PostView:
        return await self._transport.send(_Calls.get(id))

    async def list(
        self,
        *,
        tenant_id: Optional[str] = None,
        status: Union[PostStatus, str, None] = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
    ) -> Page[PostView]:
        return await self._transport.send(_Calls.list(tenant_id, status, limit, cursor))

    def list_all(
        self, *, tenant_id: Optional[str] = None, status: Union[PostStatus, str, None] = None, limit: Optional[int] = None
    ) -> AsyncIterator[PostView]:
        return aiterate_pages(lambda cursor: self.list(tenant_id=tenant_id, status=status, limit=limit, cursor=cursor))

    async def patch(self, id: str, body: Body = None, *, idempotency_key: Optional[str] = None, **fields: Any) -> PostView:
        return await self._transport.send(_Calls.patch(id, body, idempotency_key, fields))

    async def validate_patch(self, id: str, body: Body = None, **fields: Any) -> PostVerdictView:
        return await self._transport.send(_Calls.validate_patch(id, body, fields))

    async def cancel(self, id: str) -> PostView:
        return await self._transport.send(_Calls.cancel(id))

    async def publish(self, id: str, *, idempotency_key: Optional[str] = None) -> PostView:
        return await self._transport.send(_Calls.publish(id, idempotency_key))

    async def unpublish(self, id: str) -> UnpublishView:
        return await self._transport.send(_Calls.unpublish(id))

    async def retry_delivery(self, id: str, delivery_id: str) -> PostView:
        return await self._transport.send(_Calls.retry_delivery(id, delivery_id))

    async def list_attempts(
        self, id: str, delivery_id: str, *, limit: Optional[int] = None, cursor: Optional[str] = None
    ) -> Page[DeliveryAttemptView]:
        return await self._transport.send(_Calls.list_attempts(id, delivery_id, limit, cursor))

    async def list_comments(
        self, id: str, *, delivery_id: str, limit: Optional[int] = None, cursor: Optional[str] = None
    ) -> Page[CommentView]:
        return await self._transport.send(_Calls.list_comments(id, delivery_id, limit, cursor))

    def list_all_comments(self, id: str, *, delivery_id: str, limit: Optional[int] = None) -> AsyncIterator[CommentView]:
        return aiterate_pages(lambda cursor: self.list_comments(id, delivery_id=delivery_id, limit=limit, cursor=cursor))

    async def create_comment(
        self, id: str, body: Body = None, *, idempotency_key: Optional[str] = None, **fields: Any
    ) -> CommentRequestView:
        return await self._transport.send(_Calls.create_comment(id, body, idempotency_key, fields))

    async def get_comment_request(self, id: str, request_id: str) -> CommentRequestView:
        return await self._transport.send(_Calls.get_comment_request(id, request_id))

    async def metrics(self, id: str) -> PostMetricsView:
        return await self._transport.send(_Calls.metrics(id))


__all__ = ["Posts", "AsyncPosts"]
