from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.factsheet import Factsheet


T = TypeVar("T", bound="FactsheetList")


@_attrs_define
class FactsheetList:
    """The caller's saved factsheets that match the filters, newest first, and how many were returned

    Attributes:
        count (int):
        factsheets (list[Factsheet]):
    """

    count: int
    factsheets: list[Factsheet]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        count = self.count

        factsheets = []
        for factsheets_item_data in self.factsheets:
            factsheets_item = factsheets_item_data.to_dict()
            factsheets.append(factsheets_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "count": count,
                "factsheets": factsheets,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.factsheet import Factsheet

        d = dict(src_dict)
        count = d.pop("count")

        factsheets = []
        _factsheets = d.pop("factsheets")
        for factsheets_item_data in _factsheets:
            factsheets_item = Factsheet.from_dict(factsheets_item_data)

            factsheets.append(factsheets_item)

        factsheet_list = cls(
            count=count,
            factsheets=factsheets,
        )

        factsheet_list.additional_properties = d
        return factsheet_list

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
