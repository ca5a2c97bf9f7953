"""One API call, described once for both clients: what to send, and how to read the answer."""

import uuid
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Dict, Generic, List, Mapping, Optional, TypeVar, Union

import httpx
from pydantic import BaseModel, TypeAdapter

from .errors import ApiError, error_class
from ._pagination import Page
from ._retry import retry_after_seconds

T = TypeVar("T")

#: Methods whose repetition does nothing twice: a 5xx or a dropped connection is retried.
_REPLAY_SAFE_METHODS = frozenset({"GET", "HEAD", "PUT", "DELETE"})


@dataclass(frozen=True)
class Call(Generic[T]):
    method: str
    path: str
    read: Callable[[Any], T]
    params: Mapping[str, Any] = field(default_factory=dict)
    json: Any = None
    #: Sent as Idempotency-Key, the same on every retry, so that a retried write does nothing twice.
    idempotency_key: Optional[str] = None

    @property
    def replay_safe(self) -> bool:
        return self.method in _REPLAY_SAFE_METHODS or self.idempotency_key is not None

    def headers(self) -> Dict[str, str]:
        return {"Idempotency-Key": self.idempotency_key} if self.idempotency_key else {}

    def query(self) -> Dict[str, Any]:
        """The query without the parameters left out; a list is sent comma-separated (form style)."""
        out: Dict[str, Any] = {}
        for name, value in self.params.items():
            if value is None:
                continue
            if isinstance(value, (list, tuple)):
                value = ",".join(_plain(v) for v in value)
            out[name] = _plain(value)
        return out


def _plain(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    enum_value = getattr(value, "value", None)
    return str(enum_value if isinstance(enum_value, str) else value)


def new_idempotency_key() -> str:
    return str(uuid.uuid4())


@lru_cache(maxsize=None)
def _adapter(kind: Any) -> TypeAdapter:
    return TypeAdapter(kind)


def data_of(kind: Any) -> Callable[[Any], Any]:
    """Reads ``{ success, data }``: its data, validated as ``kind``."""
    return lambda body: _adapter(kind).validate_python(body["data"])


def page_of(kind: Any) -> Callable[[Any], Page[Any]]:
    """Reads a list's ``{ success, data: [...], pagination: { nextCursor } }``."""

    def read(body: Any) -> Page[Any]:
        items = _adapter(List[kind]).validate_python(body["data"])  # type: ignore[valid-type]
        return Page(data=items, next_cursor=(body.get("pagination") or {}).get("nextCursor"))

    return read


def whole_as(kind: Any) -> Callable[[Any], Any]:
    """Reads an answer without the envelope (the health routes)."""
    return lambda body: _adapter(kind).validate_python(body)


Body = Union[BaseModel, Mapping[str, Any], None]


def body_json(model: "type[BaseModel]", body: Body, fields: Mapping[str, Any]) -> Any:
    """A request body as the API takes it: a model (dumped by alias), a mapping (sent as it is, in
    the API's own names), or keyword fields (snake_case or the API's names, checked by ``model``).

    Only the fields given are sent: one left out stays out (the service applies its default), and
    one given as None is sent as null, which means something of its own (``PATCH /posts/{id}`` with
    ``scheduled_at=None`` takes the schedule away)."""
    if body is not None and fields:
        raise TypeError("give the body either as a model or mapping, or as keyword arguments, not both")
    if body is None:
        body = model.model_validate(dict(fields))
    if isinstance(body, BaseModel):
        return body.model_dump(mode="json", by_alias=True, exclude_unset=True)
    return dict(body)


def given(**fields: Any) -> "dict[str, Any]":
    """The optional parameters of a method that the caller gave: None means left out."""
    return {name: value for name, value in fields.items() if value is not None}


def read_answer(call: "Call[T]", response: httpx.Response) -> T:
    """The call's result from a 2xx answer, or the ApiError of any other."""
    if response.is_success:
        return call.read(response.json())
    raise api_error(response)


def api_error(response: httpx.Response) -> ApiError:
    """The service's error envelope as an ApiError of the status's family."""
    status = response.status_code
    retry_after = retry_after_seconds(response)
    try:
        body = response.json()
    except ValueError:
        body = None
    inner = body.get("error") if isinstance(body, dict) else None
    kind = error_class(status)
    if isinstance(inner, dict) and isinstance(inner.get("code"), str) and isinstance(inner.get("message"), str):
        return kind(
            status,
            inner["code"],
            inner["message"],
            details=inner.get("details"),
            request_id=inner.get("requestId") if isinstance(inner.get("requestId"), str) else None,
            retry_after=retry_after,
            response=response,
        )
    # Not the service's envelope (a proxy in between, say): keep what can be told.
    return kind(
        status,
        "unexpected_response",
        response.reason_phrase or "no error body",
        request_id=response.headers.get("x-request-id"),
        retry_after=retry_after,
        response=response,
    )
