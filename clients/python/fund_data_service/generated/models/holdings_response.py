from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.holdings_response_source import HoldingsResponseSource
from ..models.plan_id import PlanId

if TYPE_CHECKING:
    from ..models.fund_holding import FundHolding
    from ..models.quota import Quota


T = TypeVar("T", bound="HoldingsResponse")


@_attrs_define
class HoldingsResponse:
    """Answer of GET /funds/{isin}/holdings: every holding line the fund's documents disclose, where they come from and how
    much of the portfolio they cover, with the caller's plan and quota

        Attributes:
            isin (str):
            name (None | str):
            as_of (None | str): The date the holdings are as of (YYYY-MM-DD), as the document states it; null when it does
                not
            source (HoldingsResponseSource): holdings: every line of the fund's holdings file or TPT; topHoldings: the
                documents disclose only the largest positions (the payload's topHoldings); none: no holdings disclosed
            count (int):
            coverage (float): Percent of the portfolio the listed lines cover (sum of their positive weights, at most 100)
            holdings (list[FundHolding]): In document order
            cached (bool):
            generated_at (datetime.datetime):
            expires_at (datetime.datetime):
            plan (PlanId): A subscription plan. It sets the monthly credits, the batch size and the features: the change
                feed, webhooks and export need scale or enterprise, extraction needs pro or higher
            quota (Quota): The calling account's credits after the call: the monthly allowance and what is left of it, usage
                and overage this month, the next reset and the per-minute burst allowance
    """

    isin: str
    name: None | str
    as_of: None | str
    source: HoldingsResponseSource
    count: int
    coverage: float
    holdings: list[FundHolding]
    cached: bool
    generated_at: datetime.datetime
    expires_at: datetime.datetime
    plan: PlanId
    quota: Quota
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        isin = self.isin

        name: None | str
        name = self.name

        as_of: None | str
        as_of = self.as_of

        source = self.source.value

        count = self.count

        coverage = self.coverage

        holdings = []
        for holdings_item_data in self.holdings:
            holdings_item = holdings_item_data.to_dict()
            holdings.append(holdings_item)

        cached = self.cached

        generated_at = self.generated_at.isoformat()

        expires_at = self.expires_at.isoformat()

        plan = self.plan.value

        quota = self.quota.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "isin": isin,
                "name": name,
                "asOf": as_of,
                "source": source,
                "count": count,
                "coverage": coverage,
                "holdings": holdings,
                "cached": cached,
                "generatedAt": generated_at,
                "expiresAt": expires_at,
                "plan": plan,
                "quota": quota,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.fund_holding import FundHolding
        from ..models.quota import Quota

        d = dict(src_dict)
        isin = d.pop("isin")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        def _parse_as_of(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        as_of = _parse_as_of(d.pop("asOf"))

        source = HoldingsResponseSource(d.pop("source"))

        count = d.pop("count")

        coverage = d.pop("coverage")

        holdings = []
        _holdings = d.pop("holdings")
        for holdings_item_data in _holdings:
            holdings_item = FundHolding.from_dict(holdings_item_data)

            holdings.append(holdings_item)

        cached = d.pop("cached")

        generated_at = datetime.datetime.fromisoformat(d.pop("generatedAt"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        plan = PlanId(d.pop("plan"))

        quota = Quota.from_dict(d.pop("quota"))

        holdings_response = cls(
            isin=isin,
            name=name,
            as_of=as_of,
            source=source,
            count=count,
            coverage=coverage,
            holdings=holdings,
            cached=cached,
            generated_at=generated_at,
            expires_at=expires_at,
            plan=plan,
            quota=quota,
        )

        holdings_response.additional_properties = d
        return holdings_response

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
