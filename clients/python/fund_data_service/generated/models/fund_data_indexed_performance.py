from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.indexed_point import IndexedPoint


T = TypeVar("T", bound="FundDataIndexedPerformance")


@_attrs_define
class FundDataIndexedPerformance:
    """The cumulative return series rebased to 100 at its first point; hasIndex tells whether the index series is filled

    Attributes:
        points (list[IndexedPoint]):
        has_index (bool):
    """

    points: list[IndexedPoint]
    has_index: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        points = []
        for points_item_data in self.points:
            points_item = points_item_data.to_dict()
            points.append(points_item)

        has_index = self.has_index

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "points": points,
                "hasIndex": has_index,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.indexed_point import IndexedPoint

        d = dict(src_dict)
        points = []
        _points = d.pop("points")
        for points_item_data in _points:
            points_item = IndexedPoint.from_dict(points_item_data)

            points.append(points_item)

        has_index = d.pop("hasIndex")

        fund_data_indexed_performance = cls(
            points=points,
            has_index=has_index,
        )

        fund_data_indexed_performance.additional_properties = d
        return fund_data_indexed_performance

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
