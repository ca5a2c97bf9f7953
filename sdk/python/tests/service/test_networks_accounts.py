"""networks, connect and accounts against the running service."""

import pytest

from social_publishing import ConflictError, NotFoundError
from social_publishing.models import AccountStatus, Network, NetworkCapabilitiesView, TextCounting

from .conftest import TENANT, connect_emulated


def test_networks_and_what_each_takes(client):
    page = client.networks.list()
    assert [n.id for n in page][:3] == [Network.FACEBOOK, Network.INSTAGRAM, Network.X]
    assert page.next_cursor is None
    x = client.networks.get("x")
    assert isinstance(x, NetworkCapabilitiesView)
    assert (x.text.max_length, x.text.counting) == (280, TextCounting.WEIGHTED)
    assert x.options.names == ["poll", "replySettings", "quotePostId", "communityId"]
    assert x.options.json_schema["type"] == "object"
    with pytest.raises(NotFoundError) as raised:
        client.networks.get("myspace")
    assert raised.value.code == "unknown_network" and raised.value.request_id


def test_connects_an_emulated_profile_and_lists_it(client, account):
    assert (account.platform, account.status, account.tenant_id) == (Network.X, AccountStatus.ACTIVE, TENANT)
    listed = client.accounts.list(tenant_id=TENANT)
    assert account.id in [a.id for a in listed]
    assert client.accounts.list(tenant_id="tenant-nobody").data == []


def test_boards_are_pinterests_only(client, account):
    with pytest.raises(ConflictError) as raised:
        client.accounts.boards(account.id)
    assert raised.value.code == "boards_not_supported"


def test_pages_through_accounts_and_disconnects_one(client, account):
    second = connect_emulated(client, "facebook", "user-8")
    ids = [a.id for a in client.accounts.list_all(tenant_id=TENANT, limit=1)]
    assert account.id in ids and second.id in ids and len(ids) == len(set(ids))
    first_page = client.accounts.list(tenant_id=TENANT, limit=1)
    assert len(first_page) == 1 and first_page.next_cursor
    gone = client.accounts.disconnect(second.id)
    assert gone.id == second.id
    assert second.id not in [a.id for a in client.accounts.list_all(tenant_id=TENANT, status="active")]
