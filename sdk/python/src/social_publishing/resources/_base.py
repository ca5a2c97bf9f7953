"""What every resource has: the transport that sends its calls."""

from typing import Any, Generic, TypeVar
from urllib.parse import quote

TransportT = TypeVar("TransportT")


class Resource(Generic[TransportT]):
    def __init__(self, transport: TransportT) -> None:
        self._transport: Any = transport


def segment(value: str) -> str:
    """A path parameter, escaped: an id can never reach another route."""
    if not isinstance(value, str) or not value:
        raise ValueError("a path parameter must be a non-empty string")
    return quote(value, safe="")
