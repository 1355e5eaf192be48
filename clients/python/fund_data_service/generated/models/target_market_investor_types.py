from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TargetMarketInvestorTypes")


@_attrs_define
class TargetMarketInvestorTypes:
    """Type of clients (EMT section 1)

    Attributes:
        retail (None | str): Retail clients (01010): Y (compatible), N (not compatible) or Neutral
        professional (None | str): Professional clients (01020): Y (compatible), N (not compatible) or Neutral, P
            (professional per se only) or E (elective professional only)
        eligible_counterparty (None | str): Eligible counterparties (01030): Y (compatible), N (not compatible) or
            Neutral
    """

    retail: None | str
    professional: None | str
    eligible_counterparty: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        retail: None | str
        retail = self.retail

        professional: None | str
        professional = self.professional

        eligible_counterparty: None | str
        eligible_counterparty = self.eligible_counterparty

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "retail": retail,
                "professional": professional,
                "eligibleCounterparty": eligible_counterparty,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_retail(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        retail = _parse_retail(d.pop("retail"))

        def _parse_professional(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        professional = _parse_professional(d.pop("professional"))

        def _parse_eligible_counterparty(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        eligible_counterparty = _parse_eligible_counterparty(
            d.pop("eligibleCounterparty")
        )

        target_market_investor_types = cls(
            retail=retail,
            professional=professional,
            eligible_counterparty=eligible_counterparty,
        )

        target_market_investor_types.additional_properties = d
        return target_market_investor_types

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
