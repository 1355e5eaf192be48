from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PortfolioResponseFees")


@_attrs_define
class PortfolioResponseFees:
    """Blended costs of the portfolio: the weighted TER in percent, the percent of the portfolio it covers, and the yearly
    cost per 10,000 invested

        Attributes:
            weighted_ter (float | None):
            coverage (float):
            annual_cost_per_10_k (float | None): Currency units a year per 10,000 invested
    """

    weighted_ter: float | None
    coverage: float
    annual_cost_per_10_k: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        weighted_ter: float | None
        weighted_ter = self.weighted_ter

        coverage = self.coverage

        annual_cost_per_10_k: float | None
        annual_cost_per_10_k = self.annual_cost_per_10_k

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "weightedTer": weighted_ter,
                "coverage": coverage,
                "annualCostPer10k": annual_cost_per_10_k,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_weighted_ter(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        weighted_ter = _parse_weighted_ter(d.pop("weightedTer"))

        coverage = d.pop("coverage")

        def _parse_annual_cost_per_10_k(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        annual_cost_per_10_k = _parse_annual_cost_per_10_k(d.pop("annualCostPer10k"))

        portfolio_response_fees = cls(
            weighted_ter=weighted_ter,
            coverage=coverage,
            annual_cost_per_10_k=annual_cost_per_10_k,
        )

        portfolio_response_fees.additional_properties = d
        return portfolio_response_fees

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
