from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TargetMarketReturnProfile")


@_attrs_define
class TargetMarketReturnProfile:
    """Return profile and objectives (EMT section 5)

    Attributes:
        preservation (None | str): Clients looking for preservation of capital (05010): Y (compatible), N (not
            compatible) or Neutral
        growth (None | str): Clients looking for capital growth (05020): Y (compatible), N (not compatible) or Neutral
        income (None | str): Clients looking for income (05030): Y (compatible), N (not compatible) or Neutral
        hedging (None | str): Hedging (05040): Y (compatible), N (not compatible) or Neutral
        option_or_leveraged (None | str): Option or leveraged return profile (05050): Y (compatible), N (not compatible)
            or Neutral
    """

    preservation: None | str
    growth: None | str
    income: None | str
    hedging: None | str
    option_or_leveraged: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        preservation: None | str
        preservation = self.preservation

        growth: None | str
        growth = self.growth

        income: None | str
        income = self.income

        hedging: None | str
        hedging = self.hedging

        option_or_leveraged: None | str
        option_or_leveraged = self.option_or_leveraged

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "preservation": preservation,
                "growth": growth,
                "income": income,
                "hedging": hedging,
                "optionOrLeveraged": option_or_leveraged,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_preservation(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        preservation = _parse_preservation(d.pop("preservation"))

        def _parse_growth(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        growth = _parse_growth(d.pop("growth"))

        def _parse_income(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        income = _parse_income(d.pop("income"))

        def _parse_hedging(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        hedging = _parse_hedging(d.pop("hedging"))

        def _parse_option_or_leveraged(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        option_or_leveraged = _parse_option_or_leveraged(d.pop("optionOrLeveraged"))

        target_market_return_profile = cls(
            preservation=preservation,
            growth=growth,
            income=income,
            hedging=hedging,
            option_or_leveraged=option_or_leveraged,
        )

        target_market_return_profile.additional_properties = d
        return target_market_return_profile

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
