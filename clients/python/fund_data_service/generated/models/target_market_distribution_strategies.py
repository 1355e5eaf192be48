from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TargetMarketDistributionStrategies")


@_attrs_define
class TargetMarketDistributionStrategies:
    """Distribution strategies (EMT section 6)

    Attributes:
        execution_only (None | str): Execution only (06010): R (retail), P (professional), B (both) or N (neither)
        non_advised (None | str): Execution with appropriateness test or non-advised services (06020): R, P, B or N
        investment_advice (None | str): Investment advice (06030): R, P, B or N
        portfolio_management (None | str): Portfolio management (06040): R, P, B or N
    """

    execution_only: None | str
    non_advised: None | str
    investment_advice: None | str
    portfolio_management: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        execution_only: None | str
        execution_only = self.execution_only

        non_advised: None | str
        non_advised = self.non_advised

        investment_advice: None | str
        investment_advice = self.investment_advice

        portfolio_management: None | str
        portfolio_management = self.portfolio_management

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "executionOnly": execution_only,
                "nonAdvised": non_advised,
                "investmentAdvice": investment_advice,
                "portfolioManagement": portfolio_management,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_execution_only(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        execution_only = _parse_execution_only(d.pop("executionOnly"))

        def _parse_non_advised(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        non_advised = _parse_non_advised(d.pop("nonAdvised"))

        def _parse_investment_advice(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        investment_advice = _parse_investment_advice(d.pop("investmentAdvice"))

        def _parse_portfolio_management(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        portfolio_management = _parse_portfolio_management(d.pop("portfolioManagement"))

        target_market_distribution_strategies = cls(
            execution_only=execution_only,
            non_advised=non_advised,
            investment_advice=investment_advice,
            portfolio_management=portfolio_management,
        )

        target_market_distribution_strategies.additional_properties = d
        return target_market_distribution_strategies

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
