import pytest

from social_publishing import AsyncClient, Client, RetryPolicy

BASE = "http://service.test"
KEY = "sps_test_unit"
# No waiting in unit tests: the retries' delays are asserted through Retry-After, not slept.
FAST = RetryPolicy(max_retries=2, initial_delay=0.0, max_delay=30.0)


@pytest.fixture
def client():
    with Client(base_url=BASE, api_key=KEY, retry=FAST) as c:
        yield c


@pytest.fixture
async def aclient():
    async with AsyncClient(base_url=BASE, api_key=KEY, retry=FAST) as c:
        yield c


def post_json(id="pst_1", status="published"):
    return {
        "id": id,
        "status": status,
        "tenantId": "tenant-1",
        "scheduledAt": None,
        "createdAt": "2026-11-26T10:00:00.000Z",
        "deliveries": [],
    }


def envelope(data, next_cursor=False):
    body = {"success": True, "data": data}
    if next_cursor is not False:
        body["pagination"] = {"nextCursor": next_cursor}
    return body


def error_body(code, message="no", status_details=None, request_id="req_1"):
    error = {"code": code, "message": message, "requestId": request_id}
    if status_details is not None:
        error["details"] = status_details
    return {"success": False, "error": error}
