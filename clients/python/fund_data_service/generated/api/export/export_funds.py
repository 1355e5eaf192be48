import datetime
from http import HTTPStatus
from io import BytesIO
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.export_funds_gzip import ExportFundsGzip
from ...types import UNSET, File, Response, Unset


def _get_kwargs(
    *,
    issuer: str | Unset = UNSET,
    asset_class: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    gzip: ExportFundsGzip | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["issuer"] = issuer

    params["assetClass"] = asset_class

    params["currency"] = currency

    json_since: str | Unset = UNSET
    if not isinstance(since, Unset):
        json_since = since.isoformat()
    params["since"] = json_since

    json_gzip: str | Unset = UNSET
    if not isinstance(gzip, Unset):
        json_gzip = gzip.value

    params["gzip"] = json_gzip

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/export",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | File:
    if response.status_code == 200:
        response_200 = File(payload=BytesIO(response.content))

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

    if response.status_code == 405:
        response_405 = Error.from_dict(response.json())

        return response_405

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
) -> Response[Error | File]:
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
    asset_class: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    gzip: ExportFundsGzip | Unset = UNSET,
) -> Response[Error | File]:
    """Every stored fund as NDJSON (scale, enterprise)

     One line per stored fund matching the filters, in ISIN order: an ExportLine {isin, name,
    generatedAt, expiresAt, data} followed by a line feed. Streamed from a database cursor as the client
    reads (no Content-Length); a body cut short means the export failed, retry it. Filters combine (all
    must match): issuer and assetClass match the whole value ignoring case, accents and surrounding
    spaces; currency is a three-letter code; since keeps payloads generated strictly after it. Unknown
    parameters are ignored. Gzipped (Content-Encoding: gzip) when Accept-Encoding accepts gzip; gzip=1
    forces it, gzip=0 disables it. 1 credit per call whatever its size, charged when the stream starts
    and given back when the database fails. Scale and enterprise only (others 403 plan_required). A
    client that reads nothing for 60 s is disconnected.

    Args:
        issuer (str | Unset): keyFacts.manager, the whole name, ignoring case, accents and
            surrounding spaces Example: BlackRock Asset Management Ireland Limited.
        asset_class (str | Unset): keyFacts.assetClass, the whole value, ignoring case and accents
            Example: Equity.
        currency (str | Unset): keyFacts.currency, ISO 4217, case-insensitive (surrounding spaces
            are ignored) Example: EUR.
        since (datetime.datetime | Unset): Only funds whose payload was generated strictly after
            this instant (ISO 8601 with a zone)
        gzip (ExportFundsGzip | Unset): 1: gzip whatever Accept-Encoding says; 0: never. Absent:
            gzip when Accept-Encoding accepts it

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | File]
    """

    kwargs = _get_kwargs(
        issuer=issuer,
        asset_class=asset_class,
        currency=currency,
        since=since,
        gzip=gzip,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    issuer: str | Unset = UNSET,
    asset_class: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    gzip: ExportFundsGzip | Unset = UNSET,
) -> Error | File | None:
    """Every stored fund as NDJSON (scale, enterprise)

     One line per stored fund matching the filters, in ISIN order: an ExportLine {isin, name,
    generatedAt, expiresAt, data} followed by a line feed. Streamed from a database cursor as the client
    reads (no Content-Length); a body cut short means the export failed, retry it. Filters combine (all
    must match): issuer and assetClass match the whole value ignoring case, accents and surrounding
    spaces; currency is a three-letter code; since keeps payloads generated strictly after it. Unknown
    parameters are ignored. Gzipped (Content-Encoding: gzip) when Accept-Encoding accepts gzip; gzip=1
    forces it, gzip=0 disables it. 1 credit per call whatever its size, charged when the stream starts
    and given back when the database fails. Scale and enterprise only (others 403 plan_required). A
    client that reads nothing for 60 s is disconnected.

    Args:
        issuer (str | Unset): keyFacts.manager, the whole name, ignoring case, accents and
            surrounding spaces Example: BlackRock Asset Management Ireland Limited.
        asset_class (str | Unset): keyFacts.assetClass, the whole value, ignoring case and accents
            Example: Equity.
        currency (str | Unset): keyFacts.currency, ISO 4217, case-insensitive (surrounding spaces
            are ignored) Example: EUR.
        since (datetime.datetime | Unset): Only funds whose payload was generated strictly after
            this instant (ISO 8601 with a zone)
        gzip (ExportFundsGzip | Unset): 1: gzip whatever Accept-Encoding says; 0: never. Absent:
            gzip when Accept-Encoding accepts it

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | File
    """

    return sync_detailed(
        client=client,
        issuer=issuer,
        asset_class=asset_class,
        currency=currency,
        since=since,
        gzip=gzip,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    issuer: str | Unset = UNSET,
    asset_class: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    gzip: ExportFundsGzip | Unset = UNSET,
) -> Response[Error | File]:
    """Every stored fund as NDJSON (scale, enterprise)

     One line per stored fund matching the filters, in ISIN order: an ExportLine {isin, name,
    generatedAt, expiresAt, data} followed by a line feed. Streamed from a database cursor as the client
    reads (no Content-Length); a body cut short means the export failed, retry it. Filters combine (all
    must match): issuer and assetClass match the whole value ignoring case, accents and surrounding
    spaces; currency is a three-letter code; since keeps payloads generated strictly after it. Unknown
    parameters are ignored. Gzipped (Content-Encoding: gzip) when Accept-Encoding accepts gzip; gzip=1
    forces it, gzip=0 disables it. 1 credit per call whatever its size, charged when the stream starts
    and given back when the database fails. Scale and enterprise only (others 403 plan_required). A
    client that reads nothing for 60 s is disconnected.

    Args:
        issuer (str | Unset): keyFacts.manager, the whole name, ignoring case, accents and
            surrounding spaces Example: BlackRock Asset Management Ireland Limited.
        asset_class (str | Unset): keyFacts.assetClass, the whole value, ignoring case and accents
            Example: Equity.
        currency (str | Unset): keyFacts.currency, ISO 4217, case-insensitive (surrounding spaces
            are ignored) Example: EUR.
        since (datetime.datetime | Unset): Only funds whose payload was generated strictly after
            this instant (ISO 8601 with a zone)
        gzip (ExportFundsGzip | Unset): 1: gzip whatever Accept-Encoding says; 0: never. Absent:
            gzip when Accept-Encoding accepts it

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | File]
    """

    kwargs = _get_kwargs(
        issuer=issuer,
        asset_class=asset_class,
        currency=currency,
        since=since,
        gzip=gzip,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    issuer: str | Unset = UNSET,
    asset_class: str | Unset = UNSET,
    currency: str | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    gzip: ExportFundsGzip | Unset = UNSET,
) -> Error | File | None:
    """Every stored fund as NDJSON (scale, enterprise)

     One line per stored fund matching the filters, in ISIN order: an ExportLine {isin, name,
    generatedAt, expiresAt, data} followed by a line feed. Streamed from a database cursor as the client
    reads (no Content-Length); a body cut short means the export failed, retry it. Filters combine (all
    must match): issuer and assetClass match the whole value ignoring case, accents and surrounding
    spaces; currency is a three-letter code; since keeps payloads generated strictly after it. Unknown
    parameters are ignored. Gzipped (Content-Encoding: gzip) when Accept-Encoding accepts gzip; gzip=1
    forces it, gzip=0 disables it. 1 credit per call whatever its size, charged when the stream starts
    and given back when the database fails. Scale and enterprise only (others 403 plan_required). A
    client that reads nothing for 60 s is disconnected.

    Args:
        issuer (str | Unset): keyFacts.manager, the whole name, ignoring case, accents and
            surrounding spaces Example: BlackRock Asset Management Ireland Limited.
        asset_class (str | Unset): keyFacts.assetClass, the whole value, ignoring case and accents
            Example: Equity.
        currency (str | Unset): keyFacts.currency, ISO 4217, case-insensitive (surrounding spaces
            are ignored) Example: EUR.
        since (datetime.datetime | Unset): Only funds whose payload was generated strictly after
            this instant (ISO 8601 with a zone)
        gzip (ExportFundsGzip | Unset): 1: gzip whatever Accept-Encoding says; 0: never. Absent:
            gzip when Accept-Encoding accepts it

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | File
    """

    return (
        await asyncio_detailed(
            client=client,
            issuer=issuer,
            asset_class=asset_class,
            currency=currency,
            since=since,
            gzip=gzip,
        )
    ).parsed
