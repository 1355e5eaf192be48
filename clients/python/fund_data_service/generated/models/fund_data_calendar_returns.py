from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="FundDataCalendarReturns")


@_attrs_define
class FundDataCalendarReturns:
    """Calendar-year returns in percent: the years (oldest first, from the inception year, the current partial year left
    out) and, aligned with them, the fund's and the benchmark's return (null where the factsheet does not state it)

        Attributes:
            years (list[str]):
            fund (list[float]):
            benchmark (list[float | None]):
    """

    years: list[str]
    fund: list[float]
    benchmark: list[float | None]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        years = self.years

        fund = self.fund

        benchmark = []
        for benchmark_item_data in self.benchmark:
            benchmark_item: float | None
            benchmark_item = benchmark_item_data
            benchmark.append(benchmark_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "years": years,
                "fund": fund,
                "benchmark": benchmark,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        years = cast(list[str], d.pop("years"))

        fund = cast(list[float], d.pop("fund"))

        benchmark = []
        _benchmark = d.pop("benchmark")
        for benchmark_item_data in _benchmark:

            def _parse_benchmark_item(data: object) -> float | None:
                if data is None:
                    return data
                return cast(float | None, data)

            benchmark_item = _parse_benchmark_item(benchmark_item_data)

            benchmark.append(benchmark_item)

        fund_data_calendar_returns = cls(
            years=years,
            fund=fund,
            benchmark=benchmark,
        )

        fund_data_calendar_returns.additional_properties = d
        return fund_data_calendar_returns

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
