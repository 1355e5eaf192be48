from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.webhook_create_request import WebhookCreateRequest
from ...models.webhook_created import WebhookCreated
from ...types import Response


def _get_kwargs(
    *,
    body: WebhookCreateRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/webhooks",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | WebhookCreated:
    if response.status_code == 201:
        response_201 = WebhookCreated.from_dict(response.json())

        return response_201

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
) -> Response[Error | WebhookCreated]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: WebhookCreateRequest,
) -> Response[Error | WebhookCreated]:
    """Create a webhook endpoint

     https only (plain http only to loopback with WEBHOOKS_ALLOW_LOOPBACK_HTTP=1, for development); URLs
    that resolve to private, loopback, link-local or metadata addresses are refused, now and at every
    delivery. A new endpoint starts active. The signing secret is in this answer only; it is stored
    encrypted. At most 20 endpoints per account.

    Args:
        body (WebhookCreateRequest): Body of POST /webhooks: the https URL events are delivered
            to, the events to receive and, optionally, the funds to receive them for

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WebhookCreated]
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
    body: WebhookCreateRequest,
) -> Error | WebhookCreated | None:
    """Create a webhook endpoint

     https only (plain http only to loopback with WEBHOOKS_ALLOW_LOOPBACK_HTTP=1, for development); URLs
    that resolve to private, loopback, link-local or metadata addresses are refused, now and at every
    delivery. A new endpoint starts active. The signing secret is in this answer only; it is stored
    encrypted. At most 20 endpoints per account.

    Args:
        body (WebhookCreateRequest): Body of POST /webhooks: the https URL events are delivered
            to, the events to receive and, optionally, the funds to receive them for

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WebhookCreated
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: WebhookCreateRequest,
) -> Response[Error | WebhookCreated]:
    """Create a webhook endpoint

     https only (plain http only to loopback with WEBHOOKS_ALLOW_LOOPBACK_HTTP=1, for development); URLs
    that resolve to private, loopback, link-local or metadata addresses are refused, now and at every
    delivery. A new endpoint starts active. The signing secret is in this answer only; it is stored
    encrypted. At most 20 endpoints per account.

    Args:
        body (WebhookCreateRequest): Body of POST /webhooks: the https URL events are delivered
            to, the events to receive and, optionally, the funds to receive them for

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WebhookCreated]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: WebhookCreateRequest,
) -> Error | WebhookCreated | None:
    """Create a webhook endpoint

     https only (plain http only to loopback with WEBHOOKS_ALLOW_LOOPBACK_HTTP=1, for development); URLs
    that resolve to private, loopback, link-local or metadata addresses are refused, now and at every
    delivery. A new endpoint starts active. The signing secret is in this answer only; it is stored
    encrypted. At most 20 endpoints per account.

    Args:
        body (WebhookCreateRequest): Body of POST /webhooks: the https URL events are delivered
            to, the events to receive and, optionally, the funds to receive them for

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WebhookCreated
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
