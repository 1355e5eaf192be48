from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.holdings_response import HoldingsResponse
from ...types import Response


def _get_kwargs(
    isin: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/funds/{isin}/holdings".format(
            isin=quote(str(isin), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | HoldingsResponse:
    if response.status_code == 200:
        response_200 = HoldingsResponse.from_dict(response.json())

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
) -> Response[Error | HoldingsResponse]:
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
) -> Response[Error | HoldingsResponse]:
    """Every holding a fund discloses (an addition to the contract)

     All lines of the fund's holdings file or TPT report, with the date they are as of and the share of
    the portfolio they cover; not only the ten in topHoldings. A fund whose documents give only its
    largest positions answers those (source topHoldings). The fund is found or loaded as by GET
    /funds/{isin}. 1 credit.

    Args:
        isin (str):  Example: ZZSMPL000014.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | HoldingsResponse]
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
) -> Error | HoldingsResponse | None:
    """Every holding a fund discloses (an addition to the contract)

     All lines of the fund's holdings file or TPT report, with the date they are as of and the share of
    the portfolio they cover; not only the ten in topHoldings. A fund whose documents give only its
    largest positions answers those (source topHoldings). The fund is found or loaded as by GET
    /funds/{isin}. 1 credit.

    Args:
        isin (str):  Example: ZZSMPL000014.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | HoldingsResponse
    """

    return sync_detailed(
        isin=isin,
        client=client,
    ).parsed


async def asyncio_detailed(
    isin: str,
    *,
    client: AuthenticatedClient,
) -> Response[Error | HoldingsResponse]:
    """Every holding a fund discloses (an addition to the contract)

     All lines of the fund's holdings file or TPT report, with the date they are as of and the share of
    the portfolio they cover; not only the ten in topHoldings. A fund whose documents give only its
    largest positions answers those (source topHoldings). The fund is found or loaded as by GET
    /funds/{isin}. 1 credit.

    Args:
        isin (str):  Example: ZZSMPL000014.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | HoldingsResponse]
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
) -> Error | HoldingsResponse | None:
    """Every holding a fund discloses (an addition to the contract)

     All lines of the fund's holdings file or TPT report, with the date they are as of and the share of
    the portfolio they cover; not only the ten in topHoldings. A fund whose documents give only its
    largest positions answers those (source topHoldings). The fund is found or loaded as by GET
    /funds/{isin}. 1 credit.

    Args:
        isin (str):  Example: ZZSMPL000014.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | HoldingsResponse
    """

    return (
        await asyncio_detailed(
            isin=isin,
            client=client,
        )
    ).parsed
