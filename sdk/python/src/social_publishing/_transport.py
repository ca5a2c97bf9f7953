"""Sending a Call, with the retries: once for the synchronous client, once for the asynchronous one."""

import time
from typing import Optional, TypeVar

import anyio
import httpx

from ._call import Call, api_error, read_answer
from ._config import ClientConfig
from ._retry import is_retryable_status, is_retryable_transport_error, retry_after_seconds
from .errors import ApiConnectionError

T = TypeVar("T")


def _wait_before_retry(config: ClientConfig, call: Call, retry_number: int, response: Optional[httpx.Response]) -> Optional[float]:
    """Seconds to wait before retry ``retry_number``, or None when the answer must be raised instead."""
    if retry_number > config.retry.max_retries:
        return None
    if response is not None:
        error = api_error(response)
        if not is_retryable_status(response.status_code, error.code, call.replay_safe):
            return None
        told = retry_after_seconds(response)
        if told is not None:
            # Never sooner than the service asked; not at all when that is longer than we would wait.
            return told if told <= config.retry.max_delay else None
    return config.retry.backoff(retry_number)


def _request(config: ClientConfig, call: Call) -> httpx.Request:
    return httpx.Request(
        call.method,
        f"{config.base_url}{call.path}",
        params=call.query(),
        json=call.json,
        headers={**config.headers(), **call.headers()},
    )


class SyncTransport:
    def __init__(self, config: ClientConfig, http: httpx.Client) -> None:
        self.config = config
        self.http = http

    def send(self, call: "Call[T]") -> T:
        retry_number = 0
        while True:
            retry_number += 1
            try:
                response = self.http.send(_request(self.config, call))
            except httpx.TransportError as error:
                if retry_number > self.config.retry.max_retries or not is_retryable_transport_error(error, call.replay_safe):
                    raise ApiConnectionError(f"{call.method} {call.path}: {error!r}") from error
                time.sleep(self.config.retry.backoff(retry_number))
                continue
            if response.is_success:
                return read_answer(call, response)
            wait = _wait_before_retry(self.config, call, retry_number, response)
            if wait is None:
                raise api_error(response)
            time.sleep(wait)


class AsyncTransport:
    def __init__(self, config: ClientConfig, http: httpx.AsyncClient) -> None:
        self.config = config
        self.http = http

    async def send(self, call: "Call[T]") -> T:
        retry_number = 0
        while True:
            retry_number += 1
            try:
                response = await self.http.send(_request(self.config, call))
            except httpx.TransportError as error:
                if retry_number > self.config.retry.max_retries or not is_retryable_transport_error(error, call.replay_safe):
                    raise ApiConnectionError(f"{call.method} {call.path}: {error!r}") from error
                await anyio.sleep(self.config.retry.backoff(retry_number))
                continue
            if response.is_success:
                return read_answer(call, response)
            wait = _wait_before_retry(self.config, call, retry_number, response)
            if wait is None:
                raise api_error(response)
            await anyio.sleep(wait)

