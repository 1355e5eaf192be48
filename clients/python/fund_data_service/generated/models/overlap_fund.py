from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.holdings_disclosure import HoldingsDisclosure

T = TypeVar("T", bound="OverlapFund")


@_attrs_define
class OverlapFund:
    """A fund of the comparison: its ISIN and name, the number of holding lines compared, and how fully it discloses its
    holdings

        Attributes:
            isin (str):
            name (None | str):
            holdings (int): Holding lines compared
            disclosure (HoldingsDisclosure): How much of its holdings a fund discloses: full (every line), top (only its
                largest positions, so overlaps with it are a lower bound) or none
    """

    isin: str
    name: None | str
    holdings: int
    disclosure: HoldingsDisclosure
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        isin = self.isin

        name: None | str
        name = self.name

        holdings = self.holdings

        disclosure = self.disclosure.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "isin": isin,
                "name": name,
                "holdings": holdings,
                "disclosure": disclosure,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        isin = d.pop("isin")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        holdings = d.pop("holdings")

        disclosure = HoldingsDisclosure(d.pop("disclosure"))

        overlap_fund = cls(
            isin=isin,
            name=name,
            holdings=holdings,
            disclosure=disclosure,
        )

        overlap_fund.additional_properties = d
        return overlap_fund

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
