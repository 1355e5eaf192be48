from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PortfolioPosition")


@_attrs_define
class PortfolioPosition:
    """One position of the portfolio: a fund by ISIN, and its weight on any scale

    Attributes:
        isin (str): ISIN of the fund; an input that is not a valid ISIN is listed in `invalid`
        weight (float): Any scale (amounts, units, percent): normalised to 100 over all positions
    """

    isin: str
    weight: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        isin = self.isin

        weight = self.weight

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "isin": isin,
                "weight": weight,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        isin = d.pop("isin")

        weight = d.pop("weight")

        portfolio_position = cls(
            isin=isin,
            weight=weight,
        )

        portfolio_position.additional_properties = d
        return portfolio_position

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
