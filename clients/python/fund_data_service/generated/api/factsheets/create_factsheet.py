from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.factsheet import Factsheet
from ...models.factsheet_create_request import FactsheetCreateRequest
from ...types import Response


def _get_kwargs(
    *,
    body: FactsheetCreateRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/factsheets",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Factsheet:
    if response.status_code == 200:
        response_200 = Factsheet.from_dict(response.json())

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
) -> Response[Error | Factsheet]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: FactsheetCreateRequest,
) -> Response[Error | Factsheet]:
    """Make a one-page factsheet (HTML or PDF) and save it

     1 credit for HTML, 2 for PDF, charged only when the sheet is delivered as asked (a 404, 502, 503
    costs nothing). The fund is found as by GET /funds/{isin} (a cold ISIN is loaded first). The sheet
    keeps a snapshot of the fund data: its documents are rendered from it and never change. With
    deliver=document the answer is the document; with deliver=link, the saved sheet as JSON. A PDF is
    printed by the Temporal workflow factsheet-render/<id>; when the renderer is unavailable the HTML
    sheet is still saved and the answer is 503 pdf_unavailable with the sheet (and its links) in
    `factsheet`.

    Args:
        body (FactsheetCreateRequest): Body of POST /factsheets: the fund, the output format, how
            the answer is delivered and the language of the page. Unknown fields are refused (400
            invalid_body)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Factsheet]
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
    body: FactsheetCreateRequest,
) -> Error | Factsheet | None:
    """Make a one-page factsheet (HTML or PDF) and save it

     1 credit for HTML, 2 for PDF, charged only when the sheet is delivered as asked (a 404, 502, 503
    costs nothing). The fund is found as by GET /funds/{isin} (a cold ISIN is loaded first). The sheet
    keeps a snapshot of the fund data: its documents are rendered from it and never change. With
    deliver=document the answer is the document; with deliver=link, the saved sheet as JSON. A PDF is
    printed by the Temporal workflow factsheet-render/<id>; when the renderer is unavailable the HTML
    sheet is still saved and the answer is 503 pdf_unavailable with the sheet (and its links) in
    `factsheet`.

    Args:
        body (FactsheetCreateRequest): Body of POST /factsheets: the fund, the output format, how
            the answer is delivered and the language of the page. Unknown fields are refused (400
            invalid_body)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Factsheet
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: FactsheetCreateRequest,
) -> Response[Error | Factsheet]:
    """Make a one-page factsheet (HTML or PDF) and save it

     1 credit for HTML, 2 for PDF, charged only when the sheet is delivered as asked (a 404, 502, 503
    costs nothing). The fund is found as by GET /funds/{isin} (a cold ISIN is loaded first). The sheet
    keeps a snapshot of the fund data: its documents are rendered from it and never change. With
    deliver=document the answer is the document; with deliver=link, the saved sheet as JSON. A PDF is
    printed by the Temporal workflow factsheet-render/<id>; when the renderer is unavailable the HTML
    sheet is still saved and the answer is 503 pdf_unavailable with the sheet (and its links) in
    `factsheet`.

    Args:
        body (FactsheetCreateRequest): Body of POST /factsheets: the fund, the output format, how
            the answer is delivered and the language of the page. Unknown fields are refused (400
            invalid_body)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Factsheet]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: FactsheetCreateRequest,
) -> Error | Factsheet | None:
    """Make a one-page factsheet (HTML or PDF) and save it

     1 credit for HTML, 2 for PDF, charged only when the sheet is delivered as asked (a 404, 502, 503
    costs nothing). The fund is found as by GET /funds/{isin} (a cold ISIN is loaded first). The sheet
    keeps a snapshot of the fund data: its documents are rendered from it and never change. With
    deliver=document the answer is the document; with deliver=link, the saved sheet as JSON. A PDF is
    printed by the Temporal workflow factsheet-render/<id>; when the renderer is unavailable the HTML
    sheet is still saved and the answer is 503 pdf_unavailable with the sheet (and its links) in
    `factsheet`.

    Args:
        body (FactsheetCreateRequest): Body of POST /factsheets: the fund, the output format, how
            the answer is delivered and the language of the page. Unknown fields are refused (400
            invalid_body)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Factsheet
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
