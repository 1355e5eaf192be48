import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.change_event import ChangeEvent
from ...models.change_feed_response import ChangeFeedResponse
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    since: datetime.datetime | Unset = UNSET,
    isins: str | Unset = UNSET,
    event: ChangeEvent | Unset = UNSET,
    limit: int | Unset = 200,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_since: str | Unset = UNSET
    if not isinstance(since, Unset):
        json_since = since.isoformat()
    params["since"] = json_since

    params["isins"] = isins

    json_event: str | Unset = UNSET
    if not isinstance(event, Unset):
        json_event = event.value

    params["event"] = json_event

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/changes",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ChangeFeedResponse | Error:
    if response.status_code == 200:
        response_200 = ChangeFeedResponse.from_dict(response.json())

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
) -> Response[ChangeFeedResponse | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    since: datetime.datetime | Unset = UNSET,
    isins: str | Unset = UNSET,
    event: ChangeEvent | Unset = UNSET,
    limit: int | Unset = 200,
) -> Response[ChangeFeedResponse | Error]:
    """Change feed (scale, enterprise)

     Changes recorded when a refresh replaces a payload: one fund.changed row per tracked field that
    differs (headlineMetrics.ter, riskRating, keyFacts.aum, keyFacts.manager, keyFacts.distribution,
    keyFacts.holdings, benchmarkName, investmentObjective, the top 5 of topHoldings by name and weight,
    the latter as JSON), one fund.refreshed row when dataAsOf moves. Ascending by id; changedAt is
    unique and ascending with id (to the microsecond), so paging with since = nextSince loses and
    repeats nothing. Free; counts toward the burst; scale and enterprise only (others 403
    plan_required).

    Args:
        since (datetime.datetime | Unset): ISO 8601 date-time with a zone, fractions to the
            microsecond kept; changes published strictly after it. Default: 7 days ago
        isins (str | Unset): Comma-separated ISINs (1 to 1000); default every fund
        event (ChangeEvent | Unset): What happened to a fund on a refresh: fund.changed (a tracked
            field changed: TER, risk rating, fund size, manager, income treatment, number of holdings,
            benchmark, objective or the top-5 holdings) or fund.refreshed (its as-of date, dataAsOf,
            moved)
        limit (int | Unset): Integer 1 to 1000, default 200 Default: 200.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChangeFeedResponse | Error]
    """

    kwargs = _get_kwargs(
        since=since,
        isins=isins,
        event=event,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    since: datetime.datetime | Unset = UNSET,
    isins: str | Unset = UNSET,
    event: ChangeEvent | Unset = UNSET,
    limit: int | Unset = 200,
) -> ChangeFeedResponse | Error | None:
    """Change feed (scale, enterprise)

     Changes recorded when a refresh replaces a payload: one fund.changed row per tracked field that
    differs (headlineMetrics.ter, riskRating, keyFacts.aum, keyFacts.manager, keyFacts.distribution,
    keyFacts.holdings, benchmarkName, investmentObjective, the top 5 of topHoldings by name and weight,
    the latter as JSON), one fund.refreshed row when dataAsOf moves. Ascending by id; changedAt is
    unique and ascending with id (to the microsecond), so paging with since = nextSince loses and
    repeats nothing. Free; counts toward the burst; scale and enterprise only (others 403
    plan_required).

    Args:
        since (datetime.datetime | Unset): ISO 8601 date-time with a zone, fractions to the
            microsecond kept; changes published strictly after it. Default: 7 days ago
        isins (str | Unset): Comma-separated ISINs (1 to 1000); default every fund
        event (ChangeEvent | Unset): What happened to a fund on a refresh: fund.changed (a tracked
            field changed: TER, risk rating, fund size, manager, income treatment, number of holdings,
            benchmark, objective or the top-5 holdings) or fund.refreshed (its as-of date, dataAsOf,
            moved)
        limit (int | Unset): Integer 1 to 1000, default 200 Default: 200.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChangeFeedResponse | Error
    """

    return sync_detailed(
        client=client,
        since=since,
        isins=isins,
        event=event,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    since: datetime.datetime | Unset = UNSET,
    isins: str | Unset = UNSET,
    event: ChangeEvent | Unset = UNSET,
    limit: int | Unset = 200,
) -> Response[ChangeFeedResponse | Error]:
    """Change feed (scale, enterprise)

     Changes recorded when a refresh replaces a payload: one fund.changed row per tracked field that
    differs (headlineMetrics.ter, riskRating, keyFacts.aum, keyFacts.manager, keyFacts.distribution,
    keyFacts.holdings, benchmarkName, investmentObjective, the top 5 of topHoldings by name and weight,
    the latter as JSON), one fund.refreshed row when dataAsOf moves. Ascending by id; changedAt is
    unique and ascending with id (to the microsecond), so paging with since = nextSince loses and
    repeats nothing. Free; counts toward the burst; scale and enterprise only (others 403
    plan_required).

    Args:
        since (datetime.datetime | Unset): ISO 8601 date-time with a zone, fractions to the
            microsecond kept; changes published strictly after it. Default: 7 days ago
        isins (str | Unset): Comma-separated ISINs (1 to 1000); default every fund
        event (ChangeEvent | Unset): What happened to a fund on a refresh: fund.changed (a tracked
            field changed: TER, risk rating, fund size, manager, income treatment, number of holdings,
            benchmark, objective or the top-5 holdings) or fund.refreshed (its as-of date, dataAsOf,
            moved)
        limit (int | Unset): Integer 1 to 1000, default 200 Default: 200.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChangeFeedResponse | Error]
    """

    kwargs = _get_kwargs(
        since=since,
        isins=isins,
        event=event,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    since: datetime.datetime | Unset = UNSET,
    isins: str | Unset = UNSET,
    event: ChangeEvent | Unset = UNSET,
    limit: int | Unset = 200,
) -> ChangeFeedResponse | Error | None:
    """Change feed (scale, enterprise)

     Changes recorded when a refresh replaces a payload: one fund.changed row per tracked field that
    differs (headlineMetrics.ter, riskRating, keyFacts.aum, keyFacts.manager, keyFacts.distribution,
    keyFacts.holdings, benchmarkName, investmentObjective, the top 5 of topHoldings by name and weight,
    the latter as JSON), one fund.refreshed row when dataAsOf moves. Ascending by id; changedAt is
    unique and ascending with id (to the microsecond), so paging with since = nextSince loses and
    repeats nothing. Free; counts toward the burst; scale and enterprise only (others 403
    plan_required).

    Args:
        since (datetime.datetime | Unset): ISO 8601 date-time with a zone, fractions to the
            microsecond kept; changes published strictly after it. Default: 7 days ago
        isins (str | Unset): Comma-separated ISINs (1 to 1000); default every fund
        event (ChangeEvent | Unset): What happened to a fund on a refresh: fund.changed (a tracked
            field changed: TER, risk rating, fund size, manager, income treatment, number of holdings,
            benchmark, objective or the top-5 holdings) or fund.refreshed (its as-of date, dataAsOf,
            moved)
        limit (int | Unset): Integer 1 to 1000, default 200 Default: 200.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChangeFeedResponse | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            since=since,
            isins=isins,
            event=event,
            limit=limit,
        )
    ).parsed
