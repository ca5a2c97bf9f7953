"""client.connect: connecting a social account to a tenant (an auth URL for the person, then the
pending session their redirect carries, finalized with the pages they chose)."""

from typing import Any, List

from .._call import Body, Call, body_json, data_of
from .._transport import AsyncTransport, SyncTransport
from ..models import AccountView, AuthUrlBody, AuthUrlView, FinalizeSessionBody, PendingSessionView
from ._base import Resource, segment

PENDING = "/api/v1/social-accounts/pending"


class _Calls:
    @staticmethod
    def auth_url(network: str, body: Body, fields: Any) -> "Call[AuthUrlView]":
        path = f"/api/v1/social-networks/{segment(network)}/auth-url"
        return Call("POST", path, data_of(AuthUrlView), json=body_json(AuthUrlBody, body, fields))

    @staticmethod
    def pending(session: str) -> "Call[PendingSessionView]":
        return Call("GET", f"{PENDING}/{segment(session)}", data_of(PendingSessionView))

    @staticmethod
    def finalize(session: str, selected_page_ids: List[str]) -> "Call[List[AccountView]]":
        json = body_json(FinalizeSessionBody, None, {"selected_page_ids": selected_page_ids})
        return Call("POST", f"{PENDING}/{segment(session)}/finalize", data_of(List[AccountView]), json=json)


class Connect(Resource[SyncTransport]):
    def auth_url(self, network: str, body: Body = None, **fields: Any) -> AuthUrlView:
        """POST /social-networks/{network}/auth-url (``tenant_id=..., redirect_uri=..., client_state=...``):
        the URL to send the person to. With a test key it leads to the emulator's consent page."""
        return self._transport.send(_Calls.auth_url(network, body, fields))

    def pending(self, session: str) -> PendingSessionView:
        """The pending session named by the ``session`` parameter of your redirect: the pages to choose from."""
        return self._transport.send(_Calls.pending(session))

    def finalize(self, session: str, *, selected_page_ids: List[str]) -> List[AccountView]:
        """Connects the chosen pages or profiles: the accounts made."""
        return self._transport.send(_Calls.finalize(session, selected_page_ids))


class AsyncConnect(Resource[AsyncTransport]):
    async def auth_url(self, network: str, body: Body = None, **fields: Any) -> AuthUrlView:
        return await self._transport.send(_Calls.auth_url(network, body, fields))

    async def pending(self, session: str) -> PendingSessionView:
        return await self._transport.send(_Calls.pending(session))

    async def finalize(self, session: str, *, selected_page_ids: List[str]) -> List[AccountView]:
        return await self._transport.send(_Calls.finalize(session, selected_page_ids))


__all__ = ["Connect", "AsyncConnect"]
