from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.plan_id import PlanId

if TYPE_CHECKING:
    from ..models.exposure_block import ExposureBlock
    from ..models.portfolio_position_result import PortfolioPositionResult
    from ..models.portfolio_response_fees import PortfolioResponseFees
    from ..models.portfolio_response_risk import PortfolioResponseRisk
    from ..models.portfolio_response_top_holdings import PortfolioResponseTopHoldings
    from ..models.quota import Quota
    from ..models.weighted import Weighted


T = TypeVar("T", bound="PortfolioResponse")


@_attrs_define
class PortfolioResponse:
    """Answer of POST /portfolio: the look-through of a portfolio of funds, with the answer for each position, blended fees
    and risk, and breakdowns that each state their coverage; with the rules version and the caller's plan and quota

        Attributes:
            positions (list[PortfolioPositionResult]):
            coverage (float): Percent of the portfolio answered with data
            fees (PortfolioResponseFees): Blended costs of the portfolio: the weighted TER in percent, the percent of the
                portfolio it covers, and the yearly cost per 10,000 invested
            risk (PortfolioResponseRisk): Blended risk of the portfolio: the weighted risk indicator (1 to 7), its band, and
                the percent of the portfolio it covers
            kinds (list[Weighted]):
            asset_allocation (ExposureBlock): A breakdown across the portfolio with the share of it that is seen
            sector (ExposureBlock): A breakdown across the portfolio with the share of it that is seen
            geography (ExposureBlock): A breakdown across the portfolio with the share of it that is seen
            region (ExposureBlock): A breakdown across the portfolio with the share of it that is seen
            credit_quality (ExposureBlock): A breakdown across the portfolio with the share of it that is seen
            currency (ExposureBlock): A breakdown across the portfolio with the share of it that is seen
            geography_look_through (float): Percent of the portfolio whose geography was read from its funds' holdings
                (countries of the securities), not the funds' country panels
            top_holdings (PortfolioResponseTopHoldings): Holdings aggregated across funds (full holdings where stored); the
                note says where they are a lower bound
            pending (list[str]):
            invalid (list[str]):
            rules (str):
            generated_at (datetime.datetime):
            plan (PlanId): A subscription plan. It sets the monthly credits, the batch size and the features: the change
                feed, webhooks and export need scale or enterprise, extraction needs pro or higher
            quota (Quota): The calling account's credits after the call: the monthly allowance and what is left of it, usage
                and overage this month, the next reset and the per-minute burst allowance
    """

    positions: list[PortfolioPositionResult]
    coverage: float
    fees: PortfolioResponseFees
    risk: PortfolioResponseRisk
    kinds: list[Weighted]
    asset_allocation: ExposureBlock
    sector: ExposureBlock
    geography: ExposureBlock
    region: ExposureBlock
    credit_quality: ExposureBlock
    currency: ExposureBlock
    geography_look_through: float
    top_holdings: PortfolioResponseTopHoldings
    pending: list[str]
    invalid: list[str]
    rules: str
    generated_at: datetime.datetime
    plan: PlanId
    quota: Quota
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        positions = []
        for positions_item_data in self.positions:
            positions_item = positions_item_data.to_dict()
            positions.append(positions_item)

        coverage = self.coverage

        fees = self.fees.to_dict()

        risk = self.risk.to_dict()

        kinds = []
        for kinds_item_data in self.kinds:
            kinds_item = kinds_item_data.to_dict()
            kinds.append(kinds_item)

        asset_allocation = self.asset_allocation.to_dict()

        sector = self.sector.to_dict()

        geography = self.geography.to_dict()

        region = self.region.to_dict()

        credit_quality = self.credit_quality.to_dict()

        currency = self.currency.to_dict()

        geography_look_through = self.geography_look_through

        top_holdings = self.top_holdings.to_dict()

        pending = self.pending

        invalid = self.invalid

        rules = self.rules

        generated_at = self.generated_at.isoformat()

        plan = self.plan.value

        quota = self.quota.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "positions": positions,
                "coverage": coverage,
                "fees": fees,
                "risk": risk,
                "kinds": kinds,
                "assetAllocation": asset_allocation,
                "sector": sector,
                "geography": geography,
                "region": region,
                "creditQuality": credit_quality,
                "currency": currency,
                "geographyLookThrough": geography_look_through,
                "topHoldings": top_holdings,
                "pending": pending,
                "invalid": invalid,
                "rules": rules,
                "generatedAt": generated_at,
                "plan": plan,
                "quota": quota,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.exposure_block import ExposureBlock
        from ..models.portfolio_position_result import PortfolioPositionResult
        from ..models.portfolio_response_fees import PortfolioResponseFees
        from ..models.portfolio_response_risk import PortfolioResponseRisk
        from ..models.portfolio_response_top_holdings import (
            PortfolioResponseTopHoldings,
        )
        from ..models.quota import Quota
        from ..models.weighted import Weighted

        d = dict(src_dict)
        positions = []
        _positions = d.pop("positions")
        for positions_item_data in _positions:
            positions_item = PortfolioPositionResult.from_dict(positions_item_data)

            positions.append(positions_item)

        coverage = d.pop("coverage")

        fees = PortfolioResponseFees.from_dict(d.pop("fees"))

        risk = PortfolioResponseRisk.from_dict(d.pop("risk"))

        kinds = []
        _kinds = d.pop("kinds")
        for kinds_item_data in _kinds:
            kinds_item = Weighted.from_dict(kinds_item_data)

            kinds.append(kinds_item)

        asset_allocation = ExposureBlock.from_dict(d.pop("assetAllocation"))

        sector = ExposureBlock.from_dict(d.pop("sector"))

        geography = ExposureBlock.from_dict(d.pop("geography"))

        region = ExposureBlock.from_dict(d.pop("region"))

        credit_quality = ExposureBlock.from_dict(d.pop("creditQuality"))

        currency = ExposureBlock.from_dict(d.pop("currency"))

        geography_look_through = d.pop("geographyLookThrough")

        top_holdings = PortfolioResponseTopHoldings.from_dict(d.pop("topHoldings"))

        pending = cast(list[str], d.pop("pending"))

        invalid = cast(list[str], d.pop("invalid"))

        rules = d.pop("rules")

        generated_at = datetime.datetime.fromisoformat(d.pop("generatedAt"))

        plan = PlanId(d.pop("plan"))

        quota = Quota.from_dict(d.pop("quota"))

        portfolio_response = cls(
            positions=positions,
            coverage=coverage,
            fees=fees,
            risk=risk,
            kinds=kinds,
            asset_allocation=asset_allocation,
            sector=sector,
            geography=geography,
            region=region,
            credit_quality=credit_quality,
            currency=currency,
            geography_look_through=geography_look_through,
            top_holdings=top_holdings,
            pending=pending,
            invalid=invalid,
            rules=rules,
            generated_at=generated_at,
            plan=plan,
            quota=quota,
        )

        portfolio_response.additional_properties = d
        return portfolio_response

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
