from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ScpiPerformanceTri")


@_attrs_define
class ScpiPerformanceTri:
    """Taux de rentabilité interne over 5, 10 and 15 years, percent per year, as the documents state it (ASPIM)

    Attributes:
        y5 (float | None):
        y10 (float | None):
        y15 (float | None):
    """

    y5: float | None
    y10: float | None
    y15: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        y5: float | None
        y5 = self.y5

        y10: float | None
        y10 = self.y10

        y15: float | None
        y15 = self.y15

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "y5": y5,
                "y10": y10,
                "y15": y15,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_y5(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        y5 = _parse_y5(d.pop("y5"))

        def _parse_y10(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        y10 = _parse_y10(d.pop("y10"))

        def _parse_y15(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        y15 = _parse_y15(d.pop("y15"))

        scpi_performance_tri = cls(
            y5=y5,
            y10=y10,
            y15=y15,
        )

        scpi_performance_tri.additional_properties = d
        return scpi_performance_tri

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
