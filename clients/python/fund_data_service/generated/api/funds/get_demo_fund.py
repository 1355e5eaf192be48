from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.demo_envelope import DemoEnvelope
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    isin: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/demo/funds/{isin}".format(
            isin=quote(str(isin), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> DemoEnvelope | Error:
    if response.status_code == 200:
        response_200 = DemoEnvelope.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    response_default = Error.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[DemoEnvelope | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    isin: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[DemoEnvelope | Error]:
    """Keyless preview of a stored fund

     No key. Serves only funds already stored and never triggers a load. 30 requests per minute per
    client IP.

    Args:
        isin (str):  Example: ZZSMPL000014.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DemoEnvelope | Error]
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
    client: AuthenticatedClient | Client,
) -> DemoEnvelope | Error | None:
    """Keyless preview of a stored fund

     No key. Serves only funds already stored and never triggers a load. 30 requests per minute per
    client IP.

    Args:
        isin (str):  Example: ZZSMPL000014.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DemoEnvelope | Error
    """

    return sync_detailed(
        isin=isin,
        client=client,
    ).parsed


async def asyncio_detailed(
    isin: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[DemoEnvelope | Error]:
    """Keyless preview of a stored fund

     No key. Serves only funds already stored and never triggers a load. 30 requests per minute per
    client IP.

    Args:
        isin (str):  Example: ZZSMPL000014.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DemoEnvelope | Error]
    """

    kwargs = _get_kwargs(
        isin=isin,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    isin: str,
    *,
    client: AuthenticatedClient | Client,
) -> DemoEnvelope | Error | None:
    """Keyless preview of a stored fund

     No key. Serves only funds already stored and never triggers a load. 30 requests per minute per
    client IP.

    Args:
        isin (str):  Example: ZZSMPL000014.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DemoEnvelope | Error
    """

    return (
        await asyncio_detailed(
            isin=isin,
            client=client,
        )
    ).parsed
