"""A page of a list, and iterators over every item of a list, page after page."""

from dataclasses import dataclass
from typing import AsyncIterator, Awaitable, Callable, Generic, Iterator, List, Optional, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Page(Generic[T]):
    """One page: ``data``, and ``next_cursor`` to ask for the next (None on the last page)."""

    data: List[T]
    next_cursor: Optional[str]

    def __iter__(self) -> Iterator[T]:
        return iter(self.data)

    def __len__(self) -> int:
        return len(self.data)

    @property
    def has_more(self) -> bool:
        return self.next_cursor is not None


def iterate_pages(fetch: Callable[[Optional[str]], Page[T]]) -> Iterator[T]:
    """Every item, asking for the next page (``fetch(cursor)``) as the previous one is used up."""
    cursor: Optional[str] = None
    while True:
        page = fetch(cursor)
        yield from page.data
        if page.next_cursor is None or page.next_cursor == cursor:
            return
        cursor = page.next_cursor


async def aiterate_pages(fetch: Callable[[Optional[str]], Awaitable[Page[T]]]) -> AsyncIterator[T]:
    cursor: Optional[str] = None
    while True:
        page = await fetch(cursor)
        for item in page.data:
            yield item
        if page.next_cursor is None or page.next_cursor == cursor:
            return
        cursor = page.next_cursor
