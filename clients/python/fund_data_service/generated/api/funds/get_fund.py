from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.fund_envelope import FundEnvelope
from ...types import Response


def _get_kwargs(
    isin: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/funds/{isin}".format(
            isin=quote(str(isin), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | FundEnvelope:
    if response.status_code == 200:
        response_200 = FundEnvelope.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 405:
        response_405 = Error.from_dict(response.json())

        return response_405

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if response.status_code == 502:
        response_502 = Error.from_dict(response.json())

        return response_502

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    response_default = Error.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | FundEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    isin: str,
    *,
    client: AuthenticatedClient,
) -> Response[Error | FundEnvelope]:
    """Fund factsheet for one ISIN

     Served from the store when the payload is younger than 24 hours (cached: true); otherwise loaded (15
    s to 3 min, server limit 300 s) through one shared load per ISIN. When a refresh fails, the stale
    payload is served with header X-Stale: 1. 1 credit. The ISIN must be exactly the 12 characters:
    surrounding whitespace or control characters are invalid_isin, not trimmed.

    Args:
        isin (str):  Example: ZZSMPL000014.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | FundEnvelope]
    """

    kwargs = _get_kwargs(
        isin=isin,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    isin: str,
    *,
    client: AuthenticatedClient,
) -> Error | FundEnvelope | None:
    """Fund factsheet for one ISIN

     Served from the store when the payload is younger than 24 hours (cached: true); otherwise loaded (15
    s to 3 min, server limit 300 s) through one shared load per ISIN. When a refresh fails, the stale
    payload is served with header X-Stale: 1. 1 credit. The ISIN must be exactly the 12 characters:
    surrounding whitespace or control characters are invalid_isin, not trimmed.

    Args:
        isin (str):  Example: ZZSMPL000014.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | FundEnvelope
    """

    return sync_detailed(
        isin=isin,
        client=client,
    ).parsed


async def asyncio_detailed(
    isin: str,
    *,
    client: AuthenticatedClient,
) -> Response[Error | FundEnvelope]:
    """Fund factsheet for one ISIN

     Served from the store when the payload is younger than 24 hours (cached: true); otherwise loaded (15
    s to 3 min, server limit 300 s) through one shared load per ISIN. When a refresh fails, the stale
    payload is served with header X-Stale: 1. 1 credit. The ISIN must be exactly the 12 characters:
    surrounding whitespace or control characters are invalid_isin, not trimmed.

    Args:
        isin (str):  Example: ZZSMPL000014.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | FundEnvelope]
    """

    kwargs = _get_kwargs(
        isin=isin,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    isin: str,
    *,
    client: AuthenticatedClient,
) -> Error | FundEnvelope | None:
    """Fund factsheet for one ISIN

     Served from the store when the payload is younger than 24 hours (cached: true); otherwise loaded (15
    s to 3 min, server limit 300 s) through one shared load per ISIN. When a refresh fails, the stale
    payload is served with header X-Stale: 1. 1 credit. The ISIN must be exactly the 12 characters:
    surrounding whitespace or control characters are invalid_isin, not trimmed.

    Args:
        isin (str):  Example: ZZSMPL000014.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | FundEnvelope
    """

    return (
        await asyncio_detailed(
            isin=isin,
            client=client,
        )
    ).parsed
