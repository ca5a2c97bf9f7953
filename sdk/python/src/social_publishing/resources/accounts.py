"""client.accounts: a tenant's connected social accounts, their boards and metrics, disconnecting one."""

from typing import AsyncIterator, Iterator, Optional, Union

from .._call import Call, data_of, page_of
from .._pagination import Page, aiterate_pages, iterate_pages
from .._transport import AsyncTransport, SyncTransport
from ..models import AccountBoardsView, AccountMetricsView, AccountStatus, AccountView, DisconnectedAccountView
from ._base import Resource, segment

ACCOUNTS = "/api/v1/social-accounts"


class _Calls:
    @staticmethod
    def list(
        tenant_id: str, status: Union[AccountStatus, str, None], limit: Optional[int], cursor: Optional[str]
    ) -> "Call[Page[AccountView]]":
        params = {"tenantId": tenant_id, "status": status, "limit": limit, "cursor": cursor}
        return Call("GET", ACCOUNTS, page_of(AccountView), params=params)

    @staticmethod
    def boards(id: str) -> "Call[AccountBoardsView]":
        return Call("GET", f"{ACCOUNTS}/{segment(id)}/boards", data_of(AccountBoardsView))

    @staticmethod
    def disconnect(id: str) -> "Call[DisconnectedAccountView]":
        return Call("DELETE", f"{ACCOUNTS}/{segment(id)}", data_of(DisconnectedAccountView))

    @staticmethod
    def metrics(id: str) -> "Call[AccountMetricsView]":
        return Call("GET", f"{ACCOUNTS}/{segment(id)}/metrics", data_of(AccountMetricsView))


class Accounts(Resource[SyncTransport]):
    def list(
        self,
        *,
        tenant_id: str,
        status: Union[AccountStatus, str, None] = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
    ) -> Page[AccountView]:
        """One page of the tenant's accounts; ``list_all`` walks every page."""
        return self._transport.send(_Calls.list(tenant_id, status, limit, cursor))

    def list_all(
        self, *, tenant_id: str, status: Union[AccountStatus, str, None] = None, limit: Optional[int] = None
    ) -> Iterator[AccountView]:
        return iterate_pages(lambda cursor: self.list(tenant_id=tenant_id, status=status, limit=limit, cursor=cursor))

    def boards(self, id: str) -> AccountBoardsView:
        """A Pinterest account's boards (and their sections), to pick ``options.pinterest.boardId``."""
        return self._transport.send(_Calls.boards(id))

    def disconnect(self, id: str) -> DisconnectedAccountView:
        return self._transport.send(_Calls.disconnect(id))

    def metrics(self, id: str) -> AccountMetricsView:
        return self._transport.send(_Calls.metrics(id))


class AsyncAccounts(Resource[AsyncTransport]):
    async def list(
        self,
        *,
        tenant_id: str,
        status: Union[AccountStatus, str, None] = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
    ) -> Page[AccountView]:
        return await self._transport.send(_Calls.list(tenant_id, status, limit, cursor))

    def list_all(
        self, *, tenant_id: str, status: Union[AccountStatus, str, None] = None, limit: Optional[int] = None
    ) -> AsyncIterator[AccountView]:
        return aiterate_pages(lambda cursor: self.list(tenant_id=tenant_id, status=status, limit=limit, cursor=cursor))

    async def boards(self, id: str) -> AccountBoardsView:
        return await self._transport.send(_Calls.boards(id))

    async def disconnect(self, id: str) -> DisconnectedAccountView:
        return await self._transport.send(_Calls.disconnect(id))

    async def metrics(self, id: str) -> AccountMetricsView:
        return await self._transport.send(_Calls.metrics(id))


__all__ = ["Accounts", "AsyncAccounts"]
