from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.removed_document import RemovedDocument
from ...types import Response


def _get_kwargs(
    sha256: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/documents/{sha256}".format(
            sha256=quote(str(sha256), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | RemovedDocument:
    if response.status_code == 200:
        response_200 = RemovedDocument.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

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
) -> Response[Error | RemovedDocument]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    sha256: str,
    *,
    client: AuthenticatedClient,
) -> Response[Error | RemovedDocument]:
    """Remove a filed document from the universe (operators)

     Operator-role keys only. Its funds reload without it (workflow ingest-remove/<sha256>); a fund left
    with no document answers 404 from then on.

    Args:
        sha256 (str): The filed document's hash

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | RemovedDocument]
    """

    kwargs = _get_kwargs(
        sha256=sha256,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    sha256: str,
    *,
    client: AuthenticatedClient,
) -> Error | RemovedDocument | None:
    """Remove a filed document from the universe (operators)

     Operator-role keys only. Its funds reload without it (workflow ingest-remove/<sha256>); a fund left
    with no document answers 404 from then on.

    Args:
        sha256 (str): The filed document's hash

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | RemovedDocument
    """

    return sync_detailed(
        sha256=sha256,
        client=client,
    ).parsed


async def asyncio_detailed(
    sha256: str,
    *,
    client: AuthenticatedClient,
) -> Response[Error | RemovedDocument]:
    """Remove a filed document from the universe (operators)

     Operator-role keys only. Its funds reload without it (workflow ingest-remove/<sha256>); a fund left
    with no document answers 404 from then on.

    Args:
        sha256 (str): The filed document's hash

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | RemovedDocument]
    """

    kwargs = _get_kwargs(
        sha256=sha256,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    sha256: str,
    *,
    client: AuthenticatedClient,
) -> Error | RemovedDocument | None:
    """Remove a filed document from the universe (operators)

     Operator-role keys only. Its funds reload without it (workflow ingest-remove/<sha256>); a fund left
    with no document answers 404 from then on.

    Args:
        sha256 (str): The filed document's hash

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | RemovedDocument
    """

    return (
        await asyncio_detailed(
            sha256=sha256,
            client=client,
        )
    ).parsed
