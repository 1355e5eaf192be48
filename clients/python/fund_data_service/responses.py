"""From an answer to a typed result or a FundDataError."""

from __future__ import annotations

from typing import TypeVar, cast

import httpx

from .errors import error_model_of, error_of, json_object_of
from .generated.models.error import Error
from .generated.types import Response

T = TypeVar("T")


def ok(response: Response[T | Error]) -> T:
    """The result of a generated ``sync_detailed`` (or ``asyncio_detailed``) call, or its error raised.

    >>> envelope = ok(get_fund.sync_detailed("ZZSMPL000014", client=fds.api))  # a FundEnvelope

    Raises:
        FundDataError: the answer was an error (status, code, message, request_id, retry_after...).
    """
    parsed = response.parsed
    if isinstance(parsed, Error) or response.status_code >= 400:
        error = parsed if isinstance(parsed, Error) else None
        raise error_of(response.status_code, response.headers, response.content, error)
    return cast(T, parsed)


def raise_unparseable_error(response: httpx.Response) -> None:
    """httpx response hook: raises FundDataError for an error answer the generated parsers would choke on.

    The generated modules read every error body with ``Error.from_dict(response.json())``: a proxy's HTML 502 page
    would surface as a JSONDecodeError, a code newer than this client as a ValueError. Errors they can read go on to
    ``ok()`` as usual.
    """
    if response.status_code >= 400:
        response.read()
        _raise_if_unparseable(response)


async def araise_unparseable_error(response: httpx.Response) -> None:
    """raise_unparseable_error for httpx.AsyncClient."""
    if response.status_code >= 400:
        await response.aread()
        _raise_if_unparseable(response)


def _raise_if_unparseable(response: httpx.Response) -> None:
    body = json_object_of(response.content)
    if body is None or error_model_of(body) is None:
        raise error_of(response.status_code, response.headers, response.content)
