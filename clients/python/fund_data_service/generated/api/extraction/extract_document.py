from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.extract_json_request import ExtractJsonRequest
from ...models.extract_multipart_request import ExtractMultipartRequest
from ...models.extract_response import ExtractResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: ExtractMultipartRequest | ExtractJsonRequest | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/extract",
    }

    if isinstance(body, ExtractMultipartRequest):
        _kwargs["files"] = body.to_multipart()

        headers["Content-Type"] = "multipart/form-data; boundary=+++"
    if isinstance(body, ExtractJsonRequest):
        _kwargs["json"] = body.to_dict()

        headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ExtractResponse:
    if response.status_code == 200:
        response_200 = ExtractResponse.from_dict(response.json())

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

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

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
) -> Response[Error | ExtractResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ExtractMultipartRequest | ExtractJsonRequest | Unset = UNSET,
) -> Response[Error | ExtractResponse]:
    """Extract fund data from one KID, KIID or factsheet

     Pro plan and up (others: 403 plan_required). Send a PDF (multipart/form-data, part `file`, up to 8
    MB, refused as soon as the upload passes 8 MB), or JSON with a public `url` (fetched respecting
    robots.txt; private, loopback, link-local and metadata addresses are refused, also after redirects)
    or the document `text`. PDFs without a text layer (scans) are refused. 5 credits, charged only when
    the extraction succeeds and fills at least one field (a document from which nothing could be read is
    422 nothing_extracted, free).

    Args:
        body (ExtractMultipartRequest): Multipart body of POST /extract: the PDF in the part
            `file`, with its ISIN and kind when known
        body (ExtractJsonRequest): JSON body of POST /extract: the document as a public URL or as
            its text (exactly one of the two), with its ISIN and kind when known. Unknown fields are
            refused

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ExtractResponse]
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
    body: ExtractMultipartRequest | ExtractJsonRequest | Unset = UNSET,
) -> Error | ExtractResponse | None:
    """Extract fund data from one KID, KIID or factsheet

     Pro plan and up (others: 403 plan_required). Send a PDF (multipart/form-data, part `file`, up to 8
    MB, refused as soon as the upload passes 8 MB), or JSON with a public `url` (fetched respecting
    robots.txt; private, loopback, link-local and metadata addresses are refused, also after redirects)
    or the document `text`. PDFs without a text layer (scans) are refused. 5 credits, charged only when
    the extraction succeeds and fills at least one field (a document from which nothing could be read is
    422 nothing_extracted, free).

    Args:
        body (ExtractMultipartRequest): Multipart body of POST /extract: the PDF in the part
            `file`, with its ISIN and kind when known
        body (ExtractJsonRequest): JSON body of POST /extract: the document as a public URL or as
            its text (exactly one of the two), with its ISIN and kind when known. Unknown fields are
            refused

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ExtractResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ExtractMultipartRequest | ExtractJsonRequest | Unset = UNSET,
) -> Response[Error | ExtractResponse]:
    """Extract fund data from one KID, KIID or factsheet

     Pro plan and up (others: 403 plan_required). Send a PDF (multipart/form-data, part `file`, up to 8
    MB, refused as soon as the upload passes 8 MB), or JSON with a public `url` (fetched respecting
    robots.txt; private, loopback, link-local and metadata addresses are refused, also after redirects)
    or the document `text`. PDFs without a text layer (scans) are refused. 5 credits, charged only when
    the extraction succeeds and fills at least one field (a document from which nothing could be read is
    422 nothing_extracted, free).

    Args:
        body (ExtractMultipartRequest): Multipart body of POST /extract: the PDF in the part
            `file`, with its ISIN and kind when known
        body (ExtractJsonRequest): JSON body of POST /extract: the document as a public URL or as
            its text (exactly one of the two), with its ISIN and kind when known. Unknown fields are
            refused

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ExtractResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: ExtractMultipartRequest | ExtractJsonRequest | Unset = UNSET,
) -> Error | ExtractResponse | None:
    """Extract fund data from one KID, KIID or factsheet

     Pro plan and up (others: 403 plan_required). Send a PDF (multipart/form-data, part `file`, up to 8
    MB, refused as soon as the upload passes 8 MB), or JSON with a public `url` (fetched respecting
    robots.txt; private, loopback, link-local and metadata addresses are refused, also after redirects)
    or the document `text`. PDFs without a text layer (scans) are refused. 5 credits, charged only when
    the extraction succeeds and fills at least one field (a document from which nothing could be read is
    422 nothing_extracted, free).

    Args:
        body (ExtractMultipartRequest): Multipart body of POST /extract: the PDF in the part
            `file`, with its ISIN and kind when known
        body (ExtractJsonRequest): JSON body of POST /extract: the document as a public URL or as
            its text (exactly one of the two), with its ISIN and kind when known. Unknown fields are
            refused

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ExtractResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
