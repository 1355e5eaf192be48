from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.scpi_envelope import ScpiEnvelope
from ...types import Response


def _get_kwargs(
    id_or_isin: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/scpi/{id_or_isin}".format(
            id_or_isin=quote(str(id_or_isin), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ScpiEnvelope:
    if response.status_code == 200:
        response_200 = ScpiEnvelope.from_dict(response.json())

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

    if response.status_code == 405:
        response_405 = Error.from_dict(response.json())

        return response_405

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
) -> Response[Error | ScpiEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id_or_isin: str,
    *,
    client: AuthenticatedClient,
) -> Response[Error | ScpiEnvelope]:
    """SCPI (French real-estate fund) from its own documents

     By slug (the SCPI's id, e.g. `sample-bureaux-horizon`), ISIN or URL-encoded name, accent- and case-
    insensitive. Figures come from the management company's periodic bulletin, key-information document
    (DIC), annual report and information note; where they disagree, the newest document wins and
    data.sources names it. Served from the store when younger than 24 hours (cached: true); otherwise
    loaded through one shared `scpi-load/<slug>` workflow per SCPI; when a refresh fails, the stale
    payload is served with X-Stale: 1. 1 credit.

    Args:
        id_or_isin (str): Slug, ISIN or URL-encoded name: 2 to 200 characters once trimmed, no
            control characters Example: sample-bureaux-horizon.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ScpiEnvelope]
    """

    kwargs = _get_kwargs(
        id_or_isin=id_or_isin,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id_or_isin: str,
    *,
    client: AuthenticatedClient,
) -> Error | ScpiEnvelope | None:
    """SCPI (French real-estate fund) from its own documents

     By slug (the SCPI's id, e.g. `sample-bureaux-horizon`), ISIN or URL-encoded name, accent- and case-
    insensitive. Figures come from the management company's periodic bulletin, key-information document
    (DIC), annual report and information note; where they disagree, the newest document wins and
    data.sources names it. Served from the store when younger than 24 hours (cached: true); otherwise
    loaded through one shared `scpi-load/<slug>` workflow per SCPI; when a refresh fails, the stale
    payload is served with X-Stale: 1. 1 credit.

    Args:
        id_or_isin (str): Slug, ISIN or URL-encoded name: 2 to 200 characters once trimmed, no
            control characters Example: sample-bureaux-horizon.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ScpiEnvelope
    """

    return sync_detailed(
        id_or_isin=id_or_isin,
        client=client,
    ).parsed


async def asyncio_detailed(
    id_or_isin: str,
    *,
    client: AuthenticatedClient,
) -> Response[Error | ScpiEnvelope]:
    """SCPI (French real-estate fund) from its own documents

     By slug (the SCPI's id, e.g. `sample-bureaux-horizon`), ISIN or URL-encoded name, accent- and case-
    insensitive. Figures come from the management company's periodic bulletin, key-information document
    (DIC), annual report and information note; where they disagree, the newest document wins and
    data.sources names it. Served from the store when younger than 24 hours (cached: true); otherwise
    loaded through one shared `scpi-load/<slug>` workflow per SCPI; when a refresh fails, the stale
    payload is served with X-Stale: 1. 1 credit.

    Args:
        id_or_isin (str): Slug, ISIN or URL-encoded name: 2 to 200 characters once trimmed, no
            control characters Example: sample-bureaux-horizon.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ScpiEnvelope]
    """

    kwargs = _get_kwargs(
        id_or_isin=id_or_isin,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id_or_isin: str,
    *,
    client: AuthenticatedClient,
) -> Error | ScpiEnvelope | None:
    """SCPI (French real-estate fund) from its own documents

     By slug (the SCPI's id, e.g. `sample-bureaux-horizon`), ISIN or URL-encoded name, accent- and case-
    insensitive. Figures come from the management company's periodic bulletin, key-information document
    (DIC), annual report and information note; where they disagree, the newest document wins and
    data.sources names it. Served from the store when younger than 24 hours (cached: true); otherwise
    loaded through one shared `scpi-load/<slug>` workflow per SCPI; when a refresh fails, the stale
    payload is served with X-Stale: 1. 1 credit.

    Args:
        id_or_isin (str): Slug, ISIN or URL-encoded name: 2 to 200 characters once trimmed, no
            control characters Example: sample-bureaux-horizon.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ScpiEnvelope
    """

    return (
        await asyncio_detailed(
            id_or_isin=id_or_isin,
            client=client,
        )
    ).parsed
