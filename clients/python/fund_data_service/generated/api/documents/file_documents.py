from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.documents_upload import DocumentsUpload
from ...models.error import Error
from ...models.ingest_response import IngestResponse
from ...types import Response


def _get_kwargs(
    *,
    body: DocumentsUpload,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/documents",
    }

    _kwargs["files"] = body.to_multipart()

    headers["Content-Type"] = "multipart/form-data; boundary=+++"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | IngestResponse:
    if response.status_code == 200:
        response_200 = IngestResponse.from_dict(response.json())

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

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())

        return response_415

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    if response.status_code == 504:
        response_504 = Error.from_dict(response.json())

        return response_504

    response_default = Error.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | IngestResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: DocumentsUpload,
) -> Response[Error | IngestResponse]:
    """File documents into the universe (operators)

     Operator-role keys only (others: 403 operator_required). Each file is identified by its content
    (kind, language, ISINs, as-of date; a ZIP is unpacked, a PDF holding several documents is split),
    filed under the ISINs it covers, and each fund it brings something new to is reloaded (workflow
    ingest/<sha256>), so the change feed and webhooks see it. One result per document: filed, duplicate
    (the same bytes were filed before) or rejected with a reason. Free; counts toward the burst.

    Args:
        body (DocumentsUpload): Multipart body of POST /documents: the files to file, and the ISIN
            of the fund for the documents that name none

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | IngestResponse]
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
    body: DocumentsUpload,
) -> Error | IngestResponse | None:
    """File documents into the universe (operators)

     Operator-role keys only (others: 403 operator_required). Each file is identified by its content
    (kind, language, ISINs, as-of date; a ZIP is unpacked, a PDF holding several documents is split),
    filed under the ISINs it covers, and each fund it brings something new to is reloaded (workflow
    ingest/<sha256>), so the change feed and webhooks see it. One result per document: filed, duplicate
    (the same bytes were filed before) or rejected with a reason. Free; counts toward the burst.

    Args:
        body (DocumentsUpload): Multipart body of POST /documents: the files to file, and the ISIN
            of the fund for the documents that name none

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | IngestResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: DocumentsUpload,
) -> Response[Error | IngestResponse]:
    """File documents into the universe (operators)

     Operator-role keys only (others: 403 operator_required). Each file is identified by its content
    (kind, language, ISINs, as-of date; a ZIP is unpacked, a PDF holding several documents is split),
    filed under the ISINs it covers, and each fund it brings something new to is reloaded (workflow
    ingest/<sha256>), so the change feed and webhooks see it. One result per document: filed, duplicate
    (the same bytes were filed before) or rejected with a reason. Free; counts toward the burst.

    Args:
        body (DocumentsUpload): Multipart body of POST /documents: the files to file, and the ISIN
            of the fund for the documents that name none

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | IngestResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: DocumentsUpload,
) -> Error | IngestResponse | None:
    """File documents into the universe (operators)

     Operator-role keys only (others: 403 operator_required). Each file is identified by its content
    (kind, language, ISINs, as-of date; a ZIP is unpacked, a PDF holding several documents is split),
    filed under the ISINs it covers, and each fund it brings something new to is reloaded (workflow
    ingest/<sha256>), so the change feed and webhooks see it. One result per document: filed, duplicate
    (the same bytes were filed before) or rejected with a reason. Free; counts toward the burst.

    Args:
        body (DocumentsUpload): Multipart body of POST /documents: the files to file, and the ISIN
            of the fund for the documents that name none

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | IngestResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
