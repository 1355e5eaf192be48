from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.batch_request import BatchRequest
from ...models.batch_response import BatchResponse
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: BatchRequest | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/funds",
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> BatchResponse | Error:
    if response.status_code == 200:
        response_200 = BatchResponse.from_dict(response.json())

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
) -> Response[BatchResponse | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: BatchRequest | Unset = UNSET,
) -> Response[BatchResponse | Error]:
    """Many funds at once (batch)

     One result per input, in input order; duplicates are answered each and billed once. Warm ISINs come
    from the store; cold ones are loaded through the same shared load per ISIN as GET /funds/{isin},
    BATCH_LOAD_CONCURRENCY (default 4) at a time, for at most BATCH_BUDGET_SECONDS (default 20) per
    call; the rest are `pending`, listed in `pending`, and warmed in the background by a `fund-
    warm/<uuid>` workflow. An ISIN that had no public data is remembered for NOT_FOUND_TTL_HOURS
    (default 24) and answered not_found without a new load. Billing: 1 credit per distinct ISIN answered
    ok or not_found; pending, invalid and error are free (a pending ISIN sent again once stored is
    billed then). A call whose billable answers exceed what the account may still spend this month is
    refused whole with 429, charging nothing.

    Args:
        body (BatchRequest | Unset): Body of POST /funds: the ISINs to answer in one call, and
            whether to wait for the cold ones

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BatchResponse | Error]
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
    body: BatchRequest | Unset = UNSET,
) -> BatchResponse | Error | None:
    """Many funds at once (batch)

     One result per input, in input order; duplicates are answered each and billed once. Warm ISINs come
    from the store; cold ones are loaded through the same shared load per ISIN as GET /funds/{isin},
    BATCH_LOAD_CONCURRENCY (default 4) at a time, for at most BATCH_BUDGET_SECONDS (default 20) per
    call; the rest are `pending`, listed in `pending`, and warmed in the background by a `fund-
    warm/<uuid>` workflow. An ISIN that had no public data is remembered for NOT_FOUND_TTL_HOURS
    (default 24) and answered not_found without a new load. Billing: 1 credit per distinct ISIN answered
    ok or not_found; pending, invalid and error are free (a pending ISIN sent again once stored is
    billed then). A call whose billable answers exceed what the account may still spend this month is
    refused whole with 429, charging nothing.

    Args:
        body (BatchRequest | Unset): Body of POST /funds: the ISINs to answer in one call, and
            whether to wait for the cold ones

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BatchResponse | Error
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: BatchRequest | Unset = UNSET,
) -> Response[BatchResponse | Error]:
    """Many funds at once (batch)

     One result per input, in input order; duplicates are answered each and billed once. Warm ISINs come
    from the store; cold ones are loaded through the same shared load per ISIN as GET /funds/{isin},
    BATCH_LOAD_CONCURRENCY (default 4) at a time, for at most BATCH_BUDGET_SECONDS (default 20) per
    call; the rest are `pending`, listed in `pending`, and warmed in the background by a `fund-
    warm/<uuid>` workflow. An ISIN that had no public data is remembered for NOT_FOUND_TTL_HOURS
    (default 24) and answered not_found without a new load. Billing: 1 credit per distinct ISIN answered
    ok or not_found; pending, invalid and error are free (a pending ISIN sent again once stored is
    billed then). A call whose billable answers exceed what the account may still spend this month is
    refused whole with 429, charging nothing.

    Args:
        body (BatchRequest | Unset): Body of POST /funds: the ISINs to answer in one call, and
            whether to wait for the cold ones

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BatchResponse | Error]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: BatchRequest | Unset = UNSET,
) -> BatchResponse | Error | None:
    """Many funds at once (batch)

     One result per input, in input order; duplicates are answered each and billed once. Warm ISINs come
    from the store; cold ones are loaded through the same shared load per ISIN as GET /funds/{isin},
    BATCH_LOAD_CONCURRENCY (default 4) at a time, for at most BATCH_BUDGET_SECONDS (default 20) per
    call; the rest are `pending`, listed in `pending`, and warmed in the background by a `fund-
    warm/<uuid>` workflow. An ISIN that had no public data is remembered for NOT_FOUND_TTL_HOURS
    (default 24) and answered not_found without a new load. Billing: 1 credit per distinct ISIN answered
    ok or not_found; pending, invalid and error are free (a pending ISIN sent again once stored is
    billed then). A call whose billable answers exceed what the account may still spend this month is
    refused whole with 429, charging nothing.

    Args:
        body (BatchRequest | Unset): Body of POST /funds: the ISINs to answer in one call, and
            whether to wait for the cold ones

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BatchResponse | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
