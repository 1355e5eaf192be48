from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CumulativeReturn")


@_attrs_define
class CumulativeReturn:
    """One monthly point of the cumulative return series: the date and the fund's and benchmark's return in percent since
    the first point (rebased at share-class inception)

        Attributes:
            date (str):
            fund (float | None):
            benchmark (float | None):
    """

    date: str
    fund: float | None
    benchmark: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        date = self.date

        fund: float | None
        fund = self.fund

        benchmark: float | None
        benchmark = self.benchmark

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "date": date,
                "fund": fund,
                "benchmark": benchmark,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        date = d.pop("date")

        def _parse_fund(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        fund = _parse_fund(d.pop("fund"))

        def _parse_benchmark(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        benchmark = _parse_benchmark(d.pop("benchmark"))

        cumulative_return = cls(
            date=date,
            fund=fund,
            benchmark=benchmark,
        )

        cumulative_return.additional_properties = d
        return cumulative_return

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
