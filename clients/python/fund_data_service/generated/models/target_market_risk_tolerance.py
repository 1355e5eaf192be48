from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TargetMarketRiskTolerance")


@_attrs_define
class TargetMarketRiskTolerance:
    """Risk tolerance (EMT section 4)

    Attributes:
        priips (int | None): Risk tolerance on the PRIIPs scale: the SRI, 1 to 7 (04010)
        ucits (int | None): Risk tolerance on the UCITS scale: the SRRI, 1 to 7 (04020)
    """

    priips: int | None
    ucits: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        priips: int | None
        priips = self.priips

        ucits: int | None
        ucits = self.ucits

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "priips": priips,
                "ucits": ucits,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_priips(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        priips = _parse_priips(d.pop("priips"))

        def _parse_ucits(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        ucits = _parse_ucits(d.pop("ucits"))

        target_market_risk_tolerance = cls(
            priips=priips,
            ucits=ucits,
        )

        target_market_risk_tolerance.additional_properties = d
        return target_market_risk_tolerance

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
