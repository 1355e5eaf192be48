from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.document_kind import DocumentKind
from ...models.error import Error
from ...models.filed_document_list import FiledDocumentList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    isin: str | Unset = UNSET,
    kind: DocumentKind | Unset = UNSET,
    limit: int | Unset = 100,
    before: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["isin"] = isin

    json_kind: str | Unset = UNSET
    if not isinstance(kind, Unset):
        json_kind = kind.value

    params["kind"] = json_kind

    params["limit"] = limit

    params["before"] = before

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/documents",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | FiledDocumentList:
    if response.status_code == 200:
        response_200 = FiledDocumentList.from_dict(response.json())

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

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    response_default = Error.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | FiledDocumentList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    isin: str | Unset = UNSET,
    kind: DocumentKind | Unset = UNSET,
    limit: int | Unset = 100,
    before: str | Unset = UNSET,
) -> Response[Error | FiledDocumentList]:
    """List the filed documents, newest first (operators)

     Operator-role keys only. Filter by `isin` and `kind`; page with `before` (the `next` of the previous
    page).

    Args:
        isin (str | Unset):
        kind (DocumentKind | Unset): kid: PRIIPs KID; kiid: UCITS KIID; factsheet; holdings: a
            list of positions; nav: a NAV or price history; ept, emt, tpt: FinDatEx files; scpi-
            bulletin, scpi-dic, scpi-annual, scpi-note: an SCPI bulletin, DIC, annual report, note
            d'information
        limit (int | Unset):  Default: 100.
        before (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | FiledDocumentList]
    """

    kwargs = _get_kwargs(
        isin=isin,
        kind=kind,
        limit=limit,
        before=before,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    isin: str | Unset = UNSET,
    kind: DocumentKind | Unset = UNSET,
    limit: int | Unset = 100,
    before: str | Unset = UNSET,
) -> Error | FiledDocumentList | None:
    """List the filed documents, newest first (operators)

     Operator-role keys only. Filter by `isin` and `kind`; page with `before` (the `next` of the previous
    page).

    Args:
        isin (str | Unset):
        kind (DocumentKind | Unset): kid: PRIIPs KID; kiid: UCITS KIID; factsheet; holdings: a
            list of positions; nav: a NAV or price history; ept, emt, tpt: FinDatEx files; scpi-
            bulletin, scpi-dic, scpi-annual, scpi-note: an SCPI bulletin, DIC, annual report, note
            d'information
        limit (int | Unset):  Default: 100.
        before (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | FiledDocumentList
    """

    return sync_detailed(
        client=client,
        isin=isin,
        kind=kind,
        limit=limit,
        before=before,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    isin: str | Unset = UNSET,
    kind: DocumentKind | Unset = UNSET,
    limit: int | Unset = 100,
    before: str | Unset = UNSET,
) -> Response[Error | FiledDocumentList]:
    """List the filed documents, newest first (operators)

     Operator-role keys only. Filter by `isin` and `kind`; page with `before` (the `next` of the previous
    page).

    Args:
        isin (str | Unset):
        kind (DocumentKind | Unset): kid: PRIIPs KID; kiid: UCITS KIID; factsheet; holdings: a
            list of positions; nav: a NAV or price history; ept, emt, tpt: FinDatEx files; scpi-
            bulletin, scpi-dic, scpi-annual, scpi-note: an SCPI bulletin, DIC, annual report, note
            d'information
        limit (int | Unset):  Default: 100.
        before (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | FiledDocumentList]
    """

    kwargs = _get_kwargs(
        isin=isin,
        kind=kind,
        limit=limit,
        before=before,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    isin: str | Unset = UNSET,
    kind: DocumentKind | Unset = UNSET,
    limit: int | Unset = 100,
    before: str | Unset = UNSET,
) -> Error | FiledDocumentList | None:
    """List the filed documents, newest first (operators)

     Operator-role keys only. Filter by `isin` and `kind`; page with `before` (the `next` of the previous
    page).

    Args:
        isin (str | Unset):
        kind (DocumentKind | Unset): kid: PRIIPs KID; kiid: UCITS KIID; factsheet; holdings: a
            list of positions; nav: a NAV or price history; ept, emt, tpt: FinDatEx files; scpi-
            bulletin, scpi-dic, scpi-annual, scpi-note: an SCPI bulletin, DIC, annual report, note
            d'information
        limit (int | Unset):  Default: 100.
        before (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | FiledDocumentList
    """

    return (
        await asyncio_detailed(
            client=client,
            isin=isin,
            kind=kind,
            limit=limit,
            before=before,
        )
    ).parsed
