from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    token: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/shared/factsheets/{token}".format(
            token=quote(str(token), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | str:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    response_default = Error.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    token: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | str]:
    """A shared factsheet page (keyless); may not be framed

     Rendered from the snapshot the sheet was made from. Served with a Content-Security-Policy that
    allows its style sheet only (no script); not indexed by robots.

    Args:
        token (str): The share token of the sheet (43 characters, from its links) Example:
            B7qFYumqXTHjcJuJPMkLZpk9XV3A-lZNN3kgiz80avw.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
    """

    kwargs = _get_kwargs(
        token=token,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    token: str,
    *,
    client: AuthenticatedClient | Client,
) -> Error | str | None:
    """A shared factsheet page (keyless); may not be framed

     Rendered from the snapshot the sheet was made from. Served with a Content-Security-Policy that
    allows its style sheet only (no script); not indexed by robots.

    Args:
        token (str): The share token of the sheet (43 characters, from its links) Example:
            B7qFYumqXTHjcJuJPMkLZpk9XV3A-lZNN3kgiz80avw.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
    """

    return sync_detailed(
        token=token,
        client=client,
    ).parsed


async def asyncio_detailed(
    token: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | str]:
    """A shared factsheet page (keyless); may not be framed

     Rendered from the snapshot the sheet was made from. Served with a Content-Security-Policy that
    allows its style sheet only (no script); not indexed by robots.

    Args:
        token (str): The share token of the sheet (43 characters, from its links) Example:
            B7qFYumqXTHjcJuJPMkLZpk9XV3A-lZNN3kgiz80avw.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
    """

    kwargs = _get_kwargs(
        token=token,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    token: str,
    *,
    client: AuthenticatedClient | Client,
) -> Error | str | None:
    """A shared factsheet page (keyless); may not be framed

     Rendered from the snapshot the sheet was made from. Served with a Content-Security-Policy that
    allows its style sheet only (no script); not indexed by robots.

    Args:
        token (str): The share token of the sheet (43 characters, from its links) Example:
            B7qFYumqXTHjcJuJPMkLZpk9XV3A-lZNN3kgiz80avw.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
    """

    return (
        await asyncio_detailed(
            token=token,
            client=client,
        )
    ).parsed
