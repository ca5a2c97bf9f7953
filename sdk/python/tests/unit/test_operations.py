"""Every operation of the API document has a method on both clients, and each method calls its
operation (method and path): a route added to the service without its method here fails."""

import json
import re
from pathlib import Path

import pytest
import respx

from social_publishing import AsyncClient, Client, NotFoundError

from .conftest import BASE, KEY, error_body

DOCUMENT = Path(__file__).resolve().parents[3] / "typescript" / "openapi.json"
# Probes for the operators' orchestrators, not for API users.
NOT_IN_THE_SDK = {"getLiveness", "getReadiness"}

POST = dict(tenant_id="t", accounts=["acc_1"], containers=[{"content": "Hi"}])
# operationId: (resource, method, args, kwargs); resource None for the client's own methods.
OPERATIONS = {
    "listNetworks": ("networks", "list", (), {}),
    "getNetwork": ("networks", "get", ("x",), {}),
    "listAccounts": ("accounts", "list", (), {"tenant_id": "t"}),
    "listAccountBoards": ("accounts", "boards", ("acc_1",), {}),
    "disconnectAccount": ("accounts", "disconnect", ("acc_1",), {}),
    "getAccountMetrics": ("accounts", "metrics", ("acc_1",), {}),
    "createAuthUrl": ("connect", "auth_url", ("x",), {"tenant_id": "t", "redirect_uri": "https://app.example/back"}),
    "getPendingSession": ("connect", "pending", ("ps_1",), {}),
    "finalizePendingSession": ("connect", "finalize", ("ps_1",), {"selected_page_ids": ["page_1"]}),
    "createMedia": ("media", "create", (), {"content_type": "image/png", "size": 1}),
    "listMedia": ("media", "list", (), {}),
    "getMedia": ("media", "get", ("med_1",), {}),
    "createPost": ("posts", "create", (), POST),
    "listPosts": ("posts", "list", (), {}),
    "validatePost": ("posts", "validate", (), POST),
    "getPost": ("posts", "get", ("pst_1",), {}),
    "cancelPost": ("posts", "cancel", ("pst_1",), {}),
    "updatePost": ("posts", "patch", ("pst_1",), {"containers": [{"content": "Edited"}]}),
    "validatePostPatch": ("posts", "validate_patch", ("pst_1",), {"containers": [{"content": "Edited"}]}),
    "publishDraft": ("posts", "publish", ("pst_1",), {}),
    "unpublishPost": ("posts", "unpublish", ("pst_1",), {}),
    "retryDelivery": ("posts", "retry_delivery", ("pst_1", "dlv_1"), {}),
    "listDeliveryAttempts": ("posts", "list_attempts", ("pst_1", "dlv_1"), {}),
    "listComments": ("posts", "list_comments", ("pst_1",), {"delivery_id": "dlv_1"}),
    "createComment": ("posts", "create_comment", ("pst_1",), {"delivery_id": "dlv_1", "text": "Thanks"}),
    "getCommentRequest": ("posts", "get_comment_request", ("pst_1", "cr_1"), {}),
    "getPostMetrics": ("posts", "metrics", ("pst_1",), {}),
    "setWebhook": ("webhooks", "set", ("https://app.example/hooks",), {}),
    "getWebhook": ("webhooks", "get", (), {}),
    "deleteWebhook": ("webhooks", "delete", (), {}),
    "rotateWebhookSecret": ("webhooks", "rotate_secret", (), {}),
    "sendTestWebhookEvent": ("webhooks", "test", (), {}),
    "listWebhookEvents": ("webhooks", "list_deliveries", (), {}),
    "resendWebhookEvent": ("webhooks", "resend", ("evt_1",), {}),
    "listEvents": ("events", "list", (), {}),
    "getEvent": ("events", "get", ("evt_1",), {}),
    "getHealth": (None, "health", (), {}),
}

pytestmark = pytest.mark.skipif(not DOCUMENT.exists(), reason="the API document is beside the SDK in its repository only")


def operations():
    document = json.loads(DOCUMENT.read_text())
    return {
        op["operationId"]: (method.upper(), path)
        for path, item in document["paths"].items()
        for method, op in item.items()
        if method in {"get", "post", "put", "patch", "delete"}
    }


def test_every_operation_has_a_method():
    assert set(operations()) - NOT_IN_THE_SDK == set(OPERATIONS)


def called(request, template):
    pattern = "^" + "[^/]+".join(re.escape(part) for part in re.split(r"\{[^}]+\}", template)) + "$"
    return request.method, re.match(pattern, request.url.path) is not None


@pytest.mark.parametrize("operation_id", sorted(OPERATIONS))
@respx.mock
def test_the_sync_method_calls_its_operation(operation_id):
    resource, name, args, kwargs = OPERATIONS[operation_id]
    method, template = operations()[operation_id]
    route = respx.route().respond(404, json=error_body("not_found"))
    with Client(base_url=BASE, api_key=KEY, max_retries=0) as client:
        with pytest.raises(NotFoundError):
            getattr(getattr(client, resource) if resource else client, name)(*args, **kwargs)
    assert called(route.calls.last.request, template) == (method, True)


@pytest.mark.parametrize("operation_id", sorted(OPERATIONS))
@respx.mock
async def test_the_async_method_calls_its_operation(operation_id):
    resource, name, args, kwargs = OPERATIONS[operation_id]
    method, template = operations()[operation_id]
    route = respx.route().respond(404, json=error_body("not_found"))
    async with AsyncClient(base_url=BASE, api_key=KEY, max_retries=0) as client:
        with pytest.raises(NotFoundError):
            await getattr(getattr(client, resource) if resource else client, name)(*args, **kwargs)
    assert called(route.calls.last.request, template) == (method, True)
