from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.portfolio_position import PortfolioPosition


T = TypeVar("T", bound="PortfolioRequest")


@_attrs_define
class PortfolioRequest:
    """Body of POST /portfolio: the positions (ISIN and weight on any scale), and whether to wait for the cold funds

    Attributes:
        positions (list[PortfolioPosition]): 1 to 1000 positions; an ISIN given twice is one position with the summed
            weight
        wait (bool | Unset): false: answer cold funds as pending at once (warmed in the background). Default: true.
    """

    positions: list[PortfolioPosition]
    wait: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        positions = []
        for positions_item_data in self.positions:
            positions_item = positions_item_data.to_dict()
            positions.append(positions_item)

        wait = self.wait

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "positions": positions,
            }
        )
        if wait is not UNSET:
            field_dict["wait"] = wait

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.portfolio_position import PortfolioPosition

        d = dict(src_dict)
        positions = []
        _positions = d.pop("positions")
        for positions_item_data in _positions:
            positions_item = PortfolioPosition.from_dict(positions_item_data)

            positions.append(positions_item)

        wait = d.pop("wait", UNSET)

        portfolio_request = cls(
            positions=positions,
            wait=wait,
        )

        portfolio_request.additional_properties = d
        return portfolio_request

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
