from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.portfolio_request import PortfolioRequest
from ...models.portfolio_response import PortfolioResponse
from ...types import Response


def _get_kwargs(
    *,
    body: PortfolioRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/portfolio",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | PortfolioResponse:
    if response.status_code == 200:
        response_200 = PortfolioResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    response_default = Error.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | PortfolioResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: PortfolioRequest,
) -> Response[Error | PortfolioResponse]:
    """Portfolio look-through

     Weights on any scale are normalised to 100 over all positions (invalid ones included: they lower
    coverage). Funds are answered as by POST /funds (store, loads within the request budget, the rest
    pending and warmed in the background). Fees, risk and every breakdown carry a coverage: the share of
    the portfolio whose funds disclose it; items are rescaled to the covered weight. Geography is looked
    through to the countries of the holdings where the full holdings carry them; top holdings are
    aggregated through the full holdings where stored. Every rule: /docs/methodology. 1 credit per
    distinct ISIN answered (ok or not_found), charged all or nothing: a call the account cannot pay in
    full is refused with 429.

    Args:
        body (PortfolioRequest): Body of POST /portfolio: the positions (ISIN and weight on any
            scale), and whether to wait for the cold funds

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PortfolioResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: PortfolioRequest,
) -> Error | PortfolioResponse | None:
    """Portfolio look-through

     Weights on any scale are normalised to 100 over all positions (invalid ones included: they lower
    coverage). Funds are answered as by POST /funds (store, loads within the request budget, the rest
    pending and warmed in the background). Fees, risk and every breakdown carry a coverage: the share of
    the portfolio whose funds disclose it; items are rescaled to the covered weight. Geography is looked
    through to the countries of the holdings where the full holdings carry them; top holdings are
    aggregated through the full holdings where stored. Every rule: /docs/methodology. 1 credit per
    distinct ISIN answered (ok or not_found), charged all or nothing: a call the account cannot pay in
    full is refused with 429.

    Args:
        body (PortfolioRequest): Body of POST /portfolio: the positions (ISIN and weight on any
            scale), and whether to wait for the cold funds

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PortfolioResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: PortfolioRequest,
) -> Response[Error | PortfolioResponse]:
    """Portfolio look-through

     Weights on any scale are normalised to 100 over all positions (invalid ones included: they lower
    coverage). Funds are answered as by POST /funds (store, loads within the request budget, the rest
    pending and warmed in the background). Fees, risk and every breakdown carry a coverage: the share of
    the portfolio whose funds disclose it; items are rescaled to the covered weight. Geography is looked
    through to the countries of the holdings where the full holdings carry them; top holdings are
    aggregated through the full holdings where stored. Every rule: /docs/methodology. 1 credit per
    distinct ISIN answered (ok or not_found), charged all or nothing: a call the account cannot pay in
    full is refused with 429.

    Args:
        body (PortfolioRequest): Body of POST /portfolio: the positions (ISIN and weight on any
            scale), and whether to wait for the cold funds

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PortfolioResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: PortfolioRequest,
) -> Error | PortfolioResponse | None:
    """Portfolio look-through

     Weights on any scale are normalised to 100 over all positions (invalid ones included: they lower
    coverage). Funds are answered as by POST /funds (store, loads within the request budget, the rest
    pending and warmed in the background). Fees, risk and every breakdown carry a coverage: the share of
    the portfolio whose funds disclose it; items are rescaled to the covered weight. Geography is looked
    through to the countries of the holdings where the full holdings carry them; top holdings are
    aggregated through the full holdings where stored. Every rule: /docs/methodology. 1 credit per
    distinct ISIN answered (ok or not_found), charged all or nothing: a call the account cannot pay in
    full is refused with 429.

    Args:
        body (PortfolioRequest): Body of POST /portfolio: the positions (ISIN and weight on any
            scale), and whether to wait for the cold funds

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PortfolioResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
