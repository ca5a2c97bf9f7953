"""The service tests: the SDK against a running service, given by the environment:

SPS_API_URL, SPS_API_KEY (a test key of a customer whose allowed redirect URLs include
SPS_REDIRECT_URI), SPS_OTHER_API_KEY (another customer's test key), SPS_THROTTLED_API_KEY (a third
customer's, for the rate-limit test) and SPS_RATE_LIMIT_BURST. test/e2e/python-sdk.e2e-spec.ts
starts the service with the emulator and runs them so; without SPS_API_URL they are skipped.
The service must be allowed to deliver webhooks to a private address (ALLOW_PRIVATE_URLS=true):
the receiver here listens on 127.0.0.1.
"""

import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable, Dict, List, Optional, TypeVar

import httpx
import pytest

from social_publishing import Client, verify_webhook
from social_publishing.models import AccountView, PostStatus, PostView

T = TypeVar("T")
TENANT = "tenant-python-sdk"
SECRET = "whsec-python-sdk-0123456789abcdef"
SERVICE_DIR = os.path.dirname(__file__)


def pytest_collection_modifyitems(config, items):
    if os.environ.get("SPS_API_URL"):
        return
    skip = pytest.mark.skip(reason="no running service: set SPS_API_URL and SPS_API_KEY (test/e2e/python-sdk.e2e-spec.ts does)")
    for item in items:
        if str(item.fspath).startswith(SERVICE_DIR):
            item.add_marker(skip)


def until(what: str, check: Callable[[], Optional[T]], timeout: float = 30.0) -> T:
    """Polls ``check`` until it answers something truthy."""
    deadline = time.monotonic() + timeout
    while True:
        outcome = check()
        if outcome:
            return outcome
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.2)


class Receipt:
    def __init__(self, headers: Dict[str, str], raw: bytes) -> None:
        #: Names in lowercase, as the service sends them.
        self.headers = headers
        self.raw = raw


class Receiver:
    """A webhook receiver on loopback that keeps every delivery's headers and exact bytes."""

    def __init__(self) -> None:
        self.receipts: List[Receipt] = []
        receipts = self.receipts

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                raw = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                receipts.append(Receipt({k.lower(): v for k, v in self.headers.items()}, raw))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *_: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hooks"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def delivered(receiver: "Receiver", secrets, kind, about):
    """The first delivery the receiver got, verified, that is an event of this kind satisfying ``about``."""

    def find():
        for receipt in list(receiver.receipts):
            event = verify_webhook(receipt.headers, receipt.raw, secrets)
            if isinstance(event, kind) and about(event):
                return receipt, event
        return None

    return until(f"a {kind.__name__} delivery", find)


@pytest.fixture(scope="session")
def client():
    with Client() as c:
        yield c


@pytest.fixture(scope="session")
def receiver():
    r = Receiver()
    yield r
    r.close()


@pytest.fixture(scope="session")
def webhook(client, receiver):
    """The webhook set to the receiver, before anything that sends events."""
    return client.webhooks.set(receiver.url, webhook_secret=SECRET)


def connect_emulated(client: Client, network: str, client_state: str) -> AccountView:
    """Connects an emulated account as a person would: the auth URL (approved at once by
    ``emulator_auto=approve``, see docs/emulator.md), the redirect's session, finalize."""
    start = client.connect.auth_url(
        network, tenant_id=TENANT, redirect_uri=os.environ["SPS_REDIRECT_URI"], client_state=client_state
    )
    with httpx.Client(follow_redirects=False) as browser:
        consent = browser.get(httpx.URL(start.auth_url).copy_add_param("emulator_auto", "approve"))
        assert consent.status_code == 302, consent.text
        callback = browser.get(consent.headers["location"])
        assert callback.status_code == 302, callback.text
    session = httpx.URL(callback.headers["location"]).params["session"]
    pending = client.connect.pending(session)
    assert (pending.network, pending.tenant_id, pending.client_state) == (network, TENANT, client_state)
    [account] = client.connect.finalize(session, selected_page_ids=[pending.available_pages[0].id])
    return account


@pytest.fixture(scope="session")
def account(client, webhook) -> AccountView:
    return connect_emulated(client, "x", "user-7")


def published(client: Client, post_id: str) -> PostView:
    return until(f"post {post_id} published", lambda: (lambda p: p if p.status == PostStatus.PUBLISHED else None)(client.posts.get(post_id)))


@pytest.fixture(scope="session")
def published_post(client, account) -> PostView:
    accepted = client.posts.create(tenant_id=TENANT, accounts=[account.id], containers=[{"content": "Hello from Python"}])
    return published(client, accepted.id)
