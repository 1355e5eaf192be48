"""Retries of 429 and 503 answers, as httpx transports, so that every call (generated or not) gets them."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import httpx

from .errors import json_object_of, retry_after_seconds

#: The answers worth sending the same request again for: refused for now, with a Retry-After.
RETRIED_STATUSES = frozenset({429, 503})
#: Methods whose repetition changes nothing more than the first call did.
IDEMPOTENT_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "PUT", "DELETE"})
#: The 503 that promises nothing was done (others, like POST /factsheets' pdf_unavailable, saved something).
NOTHING_DONE_503 = "service_unavailable"


@dataclass(frozen=True)
class RetryPolicy:
    """When to send a refused request again, and after how long.

    Attributes:
        max_retries: retries after the first attempt (0: never retry).
        max_retry_wait: the longest wait, in seconds, worth retrying after; an answer asking for more (a 429
            credits_exhausted asks for days) is handed over at once.
        backoff: the first wait when the answer says none (doubled on each retry).
    """

    max_retries: int = 3
    max_retry_wait: float = 60.0
    backoff: float = 1.0

    def wait_before_retry(
        self, request: httpx.Request, response: httpx.Response, retries_done: int
    ) -> float | None:
        """Seconds to wait before sending ``request`` again, or None to hand ``response`` over.

        ``response`` must have been read (``response.content``).
        """
        if (
            response.status_code not in RETRIED_STATUSES
            or retries_done >= self.max_retries
        ):
            return None
        if response.status_code == 503 and not _safe_to_repeat(request, response):
            return None
        wait = self._wait_asked(response, retries_done)
        return wait if wait <= self.max_retry_wait else None

    def _wait_asked(self, response: httpx.Response, retries_done: int) -> float:
        header = retry_after_seconds(response.headers.get("Retry-After"))
        if header is not None:
            return header
        body = json_object_of(response.content) or {}
        in_body = body.get("retryAfter")
        if (
            isinstance(in_body, (int, float))
            and not isinstance(in_body, bool)
            and in_body >= 0
        ):
            return float(in_body)
        return self.backoff * 2.0**retries_done


def _safe_to_repeat(request: httpx.Request, response: httpx.Response) -> bool:
    """A 503 is retried for idempotent methods, and for others only when the API says nothing was done."""
    if request.method in IDEMPOTENT_METHODS:
        return True
    body = json_object_of(response.content) or {}
    return body.get("code") == NOTHING_DONE_503


class RetryingTransport(httpx.BaseTransport):
    """Sends a request again after a 429 or 503, as ``policy`` says; hands every other answer over as it came."""

    def __init__(
        self,
        policy: RetryPolicy,
        inner: httpx.BaseTransport | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self._policy = policy
        self._inner = inner if inner is not None else httpx.HTTPTransport()
        self._sleep = sleep

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        retries_done = 0
        while True:
            response = self._inner.handle_request(request)
            if response.status_code not in RETRIED_STATUSES:
                return response
            try:  # a small error body: the policy reads its code and retryAfter
                raw = b"".join(response.iter_raw())
            finally:
                response.close()
            wait = self._policy.wait_before_retry(
                request, _read(response, raw), retries_done
            )
            if wait is None:
                return _unread(response, raw)
            self._sleep(wait)
            retries_done += 1

    def close(self) -> None:
        self._inner.close()


class AsyncRetryingTransport(httpx.AsyncBaseTransport):
    """RetryingTransport for httpx.AsyncClient (the generated ``asyncio`` functions)."""

    def __init__(
        self,
        policy: RetryPolicy,
        inner: httpx.AsyncBaseTransport | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self._policy = policy
        self._inner = inner if inner is not None else httpx.AsyncHTTPTransport()
        self._sleep = sleep

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        retries_done = 0
        while True:
            response = await self._inner.handle_async_request(request)
            if response.status_code not in RETRIED_STATUSES:
                return response
            try:
                raw = b"".join([chunk async for chunk in response.aiter_raw()])
            finally:
                await response.aclose()
            wait = self._policy.wait_before_retry(
                request, _read(response, raw), retries_done
            )
            if wait is None:
                return _unread(response, raw)
            await self._sleep(wait)
            retries_done += 1

    async def aclose(self) -> None:
        await self._inner.aclose()


def _unread(response: httpx.Response, raw: bytes) -> httpx.Response:
    """A fresh copy of an answer whose body the transport read (still encoded), for the client to read as any other."""
    return httpx.Response(
        response.status_code,
        headers=response.headers,
        stream=httpx.ByteStream(raw),
        extensions=response.extensions,
    )


def _read(response: httpx.Response, raw: bytes) -> httpx.Response:
    """A copy of the answer with its body read and decoded, for the policy."""
    copy = _unread(response, raw)
    copy.read()
    return copy
