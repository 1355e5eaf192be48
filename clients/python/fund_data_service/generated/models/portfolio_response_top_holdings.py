from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.weighted import Weighted


T = TypeVar("T", bound="PortfolioResponseTopHoldings")


@_attrs_define
class PortfolioResponseTopHoldings:
    """Holdings aggregated across funds (full holdings where stored); the note says where they are a lower bound

    Attributes:
        items (list[Weighted]):
        coverage (float):
        note (str):
    """

    items: list[Weighted]
    coverage: float
    note: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        coverage = self.coverage

        note = self.note

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "items": items,
                "coverage": coverage,
                "note": note,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.weighted import Weighted

        d = dict(src_dict)
        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = Weighted.from_dict(items_item_data)

            items.append(items_item)

        coverage = d.pop("coverage")

        note = d.pop("note")

        portfolio_response_top_holdings = cls(
            items=items,
            coverage=coverage,
            note=note,
        )

        portfolio_response_top_holdings.additional_properties = d
        return portfolio_response_top_holdings

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
