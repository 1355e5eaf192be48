from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.overlap_response import OverlapResponse
from ...models.query_flag import QueryFlag
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    isins: str,
    wait: QueryFlag | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["isins"] = isins

    json_wait: str | Unset = UNSET
    if not isinstance(wait, Unset):
        json_wait = wait.value

    params["wait"] = json_wait

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/overlap",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | OverlapResponse:
    if response.status_code == 200:
        response_200 = OverlapResponse.from_dict(response.json())

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
) -> Response[Error | OverlapResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    isins: str,
    wait: QueryFlag | Unset = UNSET,
) -> Response[Error | OverlapResponse]:
    """Holdings overlap between funds, pairwise

     Pairwise overlap = sum over shared holdings of the smaller of the two weights, through the funds'
    full holdings (their largest positions where that is all they disclose: a lower bound, and the note
    says which). Holdings match on the holding ISIN when both sides have one, otherwise on the
    normalised issuer name (the exact normalisation is on /docs/methodology). Funds are answered as by
    POST /funds. 1 credit per distinct ISIN answered (ok or not_found), charged all or nothing.

    Args:
        isins (str): 2 to 50 comma-separated ISINs; at least two distinct Example:
            ZZSMPL000014,ZZSMPL000055.
        wait (QueryFlag | Unset): A yes/no query flag: 1 or true for yes, 0 or false for no

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | OverlapResponse]
    """

    kwargs = _get_kwargs(
        isins=isins,
        wait=wait,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    isins: str,
    wait: QueryFlag | Unset = UNSET,
) -> Error | OverlapResponse | None:
    """Holdings overlap between funds, pairwise

     Pairwise overlap = sum over shared holdings of the smaller of the two weights, through the funds'
    full holdings (their largest positions where that is all they disclose: a lower bound, and the note
    says which). Holdings match on the holding ISIN when both sides have one, otherwise on the
    normalised issuer name (the exact normalisation is on /docs/methodology). Funds are answered as by
    POST /funds. 1 credit per distinct ISIN answered (ok or not_found), charged all or nothing.

    Args:
        isins (str): 2 to 50 comma-separated ISINs; at least two distinct Example:
            ZZSMPL000014,ZZSMPL000055.
        wait (QueryFlag | Unset): A yes/no query flag: 1 or true for yes, 0 or false for no

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | OverlapResponse
    """

    return sync_detailed(
        client=client,
        isins=isins,
        wait=wait,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    isins: str,
    wait: QueryFlag | Unset = UNSET,
) -> Response[Error | OverlapResponse]:
    """Holdings overlap between funds, pairwise

     Pairwise overlap = sum over shared holdings of the smaller of the two weights, through the funds'
    full holdings (their largest positions where that is all they disclose: a lower bound, and the note
    says which). Holdings match on the holding ISIN when both sides have one, otherwise on the
    normalised issuer name (the exact normalisation is on /docs/methodology). Funds are answered as by
    POST /funds. 1 credit per distinct ISIN answered (ok or not_found), charged all or nothing.

    Args:
        isins (str): 2 to 50 comma-separated ISINs; at least two distinct Example:
            ZZSMPL000014,ZZSMPL000055.
        wait (QueryFlag | Unset): A yes/no query flag: 1 or true for yes, 0 or false for no

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | OverlapResponse]
    """

    kwargs = _get_kwargs(
        isins=isins,
        wait=wait,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    isins: str,
    wait: QueryFlag | Unset = UNSET,
) -> Error | OverlapResponse | None:
    """Holdings overlap between funds, pairwise

     Pairwise overlap = sum over shared holdings of the smaller of the two weights, through the funds'
    full holdings (their largest positions where that is all they disclose: a lower bound, and the note
    says which). Holdings match on the holding ISIN when both sides have one, otherwise on the
    normalised issuer name (the exact normalisation is on /docs/methodology). Funds are answered as by
    POST /funds. 1 credit per distinct ISIN answered (ok or not_found), charged all or nothing.

    Args:
        isins (str): 2 to 50 comma-separated ISINs; at least two distinct Example:
            ZZSMPL000014,ZZSMPL000055.
        wait (QueryFlag | Unset): A yes/no query flag: 1 or true for yes, 0 or false for no

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | OverlapResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            isins=isins,
            wait=wait,
        )
    ).parsed
