"""list_all walks every page by nextCursor, sync and async."""

import httpx
import respx

from .conftest import BASE, envelope, post_json


def pages():
    first = envelope([post_json("pst_1"), post_json("pst_2")], next_cursor="c2")
    second = envelope([post_json("pst_3")], next_cursor=None)
    return lambda request: httpx.Response(200, json=second if request.url.params.get("cursor") == "c2" else first)


@respx.mock
def test_list_is_one_page_and_list_all_every_item(client):
    route = respx.get(f"{BASE}/api/v1/posts").mock(side_effect=pages())
    page = client.posts.list(tenant_id="t", limit=2)
    assert [p.id for p in page] == ["pst_1", "pst_2"] and page.next_cursor == "c2" and page.has_more
    assert [p.id for p in client.posts.list_all(tenant_id="t", limit=2)] == ["pst_1", "pst_2", "pst_3"]
    assert [dict(call.request.url.params) for call in route.calls][1:] == [
        {"tenantId": "t", "limit": "2"},
        {"tenantId": "t", "limit": "2", "cursor": "c2"},
    ]


@respx.mock
async def test_the_async_list_all_is_an_async_iterator(aclient):
    respx.get(f"{BASE}/api/v1/posts").mock(side_effect=pages())
    assert [p.id async for p in aclient.posts.list_all()] == ["pst_1", "pst_2", "pst_3"]


@respx.mock
def test_list_all_is_lazy(client):
    route = respx.get(f"{BASE}/api/v1/posts").mock(side_effect=pages())
    first = next(iter(client.posts.list_all()))
    assert first.id == "pst_1" and len(route.calls) == 1
