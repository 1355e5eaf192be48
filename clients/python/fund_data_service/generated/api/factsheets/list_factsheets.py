from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.factsheet_list import FactsheetList
from ...models.query_flag import QueryFlag
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    issuer: str | Unset = UNSET,
    favorites: QueryFlag | Unset = UNSET,
    limit: int | Unset = 100,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["issuer"] = issuer

    json_favorites: str | Unset = UNSET
    if not isinstance(favorites, Unset):
        json_favorites = favorites.value

    params["favorites"] = json_favorites

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/factsheets",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | FactsheetList:
    if response.status_code == 200:
        response_200 = FactsheetList.from_dict(response.json())

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
) -> Response[Error | FactsheetList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    issuer: str | Unset = UNSET,
    favorites: QueryFlag | Unset = UNSET,
    limit: int | Unset = 100,
) -> Response[Error | FactsheetList]:
    """List the account's saved factsheets, newest first

     Free; counts toward the burst. Unknown query parameters are refused (400 invalid_query).

    Args:
        issuer (str | Unset): Only sheets of this manager (keyFacts.manager), matched whole,
            ignoring case and accents: 1 to 200 characters once trimmed, no control characters
        favorites (QueryFlag | Unset): A yes/no query flag: 1 or true for yes, 0 or false for no
        limit (int | Unset): 1 to 500, default 100 Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | FactsheetList]
    """

    kwargs = _get_kwargs(
        issuer=issuer,
        favorites=favorites,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    issuer: str | Unset = UNSET,
    favorites: QueryFlag | Unset = UNSET,
    limit: int | Unset = 100,
) -> Error | FactsheetList | None:
    """List the account's saved factsheets, newest first

     Free; counts toward the burst. Unknown query parameters are refused (400 invalid_query).

    Args:
        issuer (str | Unset): Only sheets of this manager (keyFacts.manager), matched whole,
            ignoring case and accents: 1 to 200 characters once trimmed, no control characters
        favorites (QueryFlag | Unset): A yes/no query flag: 1 or true for yes, 0 or false for no
        limit (int | Unset): 1 to 500, default 100 Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | FactsheetList
    """

    return sync_detailed(
        client=client,
        issuer=issuer,
        favorites=favorites,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    issuer: str | Unset = UNSET,
    favorites: QueryFlag | Unset = UNSET,
    limit: int | Unset = 100,
) -> Response[Error | FactsheetList]:
    """List the account's saved factsheets, newest first

     Free; counts toward the burst. Unknown query parameters are refused (400 invalid_query).

    Args:
        issuer (str | Unset): Only sheets of this manager (keyFacts.manager), matched whole,
            ignoring case and accents: 1 to 200 characters once trimmed, no control characters
        favorites (QueryFlag | Unset): A yes/no query flag: 1 or true for yes, 0 or false for no
        limit (int | Unset): 1 to 500, default 100 Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | FactsheetList]
    """

    kwargs = _get_kwargs(
        issuer=issuer,
        favorites=favorites,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    issuer: str | Unset = UNSET,
    favorites: QueryFlag | Unset = UNSET,
    limit: int | Unset = 100,
) -> Error | FactsheetList | None:
    """List the account's saved factsheets, newest first

     Free; counts toward the burst. Unknown query parameters are refused (400 invalid_query).

    Args:
        issuer (str | Unset): Only sheets of this manager (keyFacts.manager), matched whole,
            ignoring case and accents: 1 to 200 characters once trimmed, no control characters
        favorites (QueryFlag | Unset): A yes/no query flag: 1 or true for yes, 0 or false for no
        limit (int | Unset): 1 to 500, default 100 Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | FactsheetList
    """

    return (
        await asyncio_detailed(
            client=client,
            issuer=issuer,
            favorites=favorites,
            limit=limit,
        )
    ).parsed
