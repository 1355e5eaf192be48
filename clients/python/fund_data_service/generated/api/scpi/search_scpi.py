from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.scpi_search_response import ScpiSearchResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    q: str,
    limit: int | Unset = 10,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["q"] = q

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/scpi",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ScpiSearchResponse:
    if response.status_code == 200:
        response_200 = ScpiSearchResponse.from_dict(response.json())

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

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    response_default = Error.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | ScpiSearchResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    q: str,
    limit: int | Unset = 10,
) -> Response[Error | ScpiSearchResponse]:
    """Search the SCPI universe by name, management company or ISIN prefix

     Every SCPI of the library, loaded or not (figures are null until loaded). Case and accents do not
    matter ("epargne" finds "Épargne"). q: 2 to 200 characters after trimming; limit 1 to 50, default
    10. Free; counts toward the per-minute burst.

    Args:
        q (str): Name, issuer or the start of an ISIN: 2 to 200 characters once trimmed, no
            control characters; case, accents and word order do not matter, one typo is forgiven
            Example: global equity.
        limit (int | Unset): Most hits to return Default: 10.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ScpiSearchResponse]
    """

    kwargs = _get_kwargs(
        q=q,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    q: str,
    limit: int | Unset = 10,
) -> Error | ScpiSearchResponse | None:
    """Search the SCPI universe by name, management company or ISIN prefix

     Every SCPI of the library, loaded or not (figures are null until loaded). Case and accents do not
    matter ("epargne" finds "Épargne"). q: 2 to 200 characters after trimming; limit 1 to 50, default
    10. Free; counts toward the per-minute burst.

    Args:
        q (str): Name, issuer or the start of an ISIN: 2 to 200 characters once trimmed, no
            control characters; case, accents and word order do not matter, one typo is forgiven
            Example: global equity.
        limit (int | Unset): Most hits to return Default: 10.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ScpiSearchResponse
    """

    return sync_detailed(
        client=client,
        q=q,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    q: str,
    limit: int | Unset = 10,
) -> Response[Error | ScpiSearchResponse]:
    """Search the SCPI universe by name, management company or ISIN prefix

     Every SCPI of the library, loaded or not (figures are null until loaded). Case and accents do not
    matter ("epargne" finds "Épargne"). q: 2 to 200 characters after trimming; limit 1 to 50, default
    10. Free; counts toward the per-minute burst.

    Args:
        q (str): Name, issuer or the start of an ISIN: 2 to 200 characters once trimmed, no
            control characters; case, accents and word order do not matter, one typo is forgiven
            Example: global equity.
        limit (int | Unset): Most hits to return Default: 10.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ScpiSearchResponse]
    """

    kwargs = _get_kwargs(
        q=q,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    q: str,
    limit: int | Unset = 10,
) -> Error | ScpiSearchResponse | None:
    """Search the SCPI universe by name, management company or ISIN prefix

     Every SCPI of the library, loaded or not (figures are null until loaded). Case and accents do not
    matter ("epargne" finds "Épargne"). q: 2 to 200 characters after trimming; limit 1 to 50, default
    10. Free; counts toward the per-minute burst.

    Args:
        q (str): Name, issuer or the start of an ISIN: 2 to 200 characters once trimmed, no
            control characters; case, accents and word order do not matter, one typo is forgiven
            Example: global equity.
        limit (int | Unset): Most hits to return Default: 10.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ScpiSearchResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            q=q,
            limit=limit,
        )
    ).parsed
