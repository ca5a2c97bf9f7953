"""client.networks: the networks the service publishes to, and what each one takes (capabilities)."""

from .._call import Call, data_of, page_of
from .._pagination import Page
from .._transport import AsyncTransport, SyncTransport
from ..models import NetworkCapabilitiesView, NetworkSummaryView
from ._base import Resource, segment

NETWORKS = "/api/v1/networks"


class _Calls:
    @staticmethod
    def list() -> "Call[Page[NetworkSummaryView]]":
        return Call("GET", NETWORKS, page_of(NetworkSummaryView))

    @staticmethod
    def get(network: str) -> "Call[NetworkCapabilitiesView]":
        return Call("GET", f"{NETWORKS}/{segment(network)}", data_of(NetworkCapabilitiesView))


class Networks(Resource[SyncTransport]):
    def list(self) -> Page[NetworkSummaryView]:
        """Every network (one page: the list is fixed)."""
        return self._transport.send(_Calls.list())

    def get(self, network: str) -> NetworkCapabilitiesView:
        """A network's capabilities: text limits, media, placements, options and their JSON Schemas."""
        return self._transport.send(_Calls.get(network))


class AsyncNetworks(Resource[AsyncTransport]):
    async def list(self) -> Page[NetworkSummaryView]:
        return await self._transport.send(_Calls.list())

    async def get(self, network: str) -> NetworkCapabilitiesView:
        return await self._transport.send(_Calls.get(network))


__all__ = ["Networks", "AsyncNetworks"]
