from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Metrics")


@_attrs_define
class Metrics:
    """Further portfolio and risk statistics as the documents state them (text with units): valuation and yield figures,
    durations and maturities, average rating, money-market measures (seven-day yield, WAM, WAL), maximum drawdown and
    equity correlation. Empty strings when not disclosed

        Attributes:
            pe_ratio (str):
            income_yield (str):
            volatility3y (str):
            sharpe3y (str):
            yield_to_maturity (str):
            effective_duration (str):
            effective_maturity (str):
            average_rating (str):
            seven_day_yield (str):
            wam (str):
            wal (str):
            max_drawdown (str):
            equity_correlation (str):
            equity_bond_split (str):
    """

    pe_ratio: str
    income_yield: str
    volatility3y: str
    sharpe3y: str
    yield_to_maturity: str
    effective_duration: str
    effective_maturity: str
    average_rating: str
    seven_day_yield: str
    wam: str
    wal: str
    max_drawdown: str
    equity_correlation: str
    equity_bond_split: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        pe_ratio = self.pe_ratio

        income_yield = self.income_yield

        volatility3y = self.volatility3y

        sharpe3y = self.sharpe3y

        yield_to_maturity = self.yield_to_maturity

        effective_duration = self.effective_duration

        effective_maturity = self.effective_maturity

        average_rating = self.average_rating

        seven_day_yield = self.seven_day_yield

        wam = self.wam

        wal = self.wal

        max_drawdown = self.max_drawdown

        equity_correlation = self.equity_correlation

        equity_bond_split = self.equity_bond_split

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "peRatio": pe_ratio,
                "incomeYield": income_yield,
                "volatility3y": volatility3y,
                "sharpe3y": sharpe3y,
                "yieldToMaturity": yield_to_maturity,
                "effectiveDuration": effective_duration,
                "effectiveMaturity": effective_maturity,
                "averageRating": average_rating,
                "sevenDayYield": seven_day_yield,
                "wam": wam,
                "wal": wal,
                "maxDrawdown": max_drawdown,
                "equityCorrelation": equity_correlation,
                "equityBondSplit": equity_bond_split,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        pe_ratio = d.pop("peRatio")

        income_yield = d.pop("incomeYield")

        volatility3y = d.pop("volatility3y")

        sharpe3y = d.pop("sharpe3y")

        yield_to_maturity = d.pop("yieldToMaturity")

        effective_duration = d.pop("effectiveDuration")

        effective_maturity = d.pop("effectiveMaturity")

        average_rating = d.pop("averageRating")

        seven_day_yield = d.pop("sevenDayYield")

        wam = d.pop("wam")

        wal = d.pop("wal")

        max_drawdown = d.pop("maxDrawdown")

        equity_correlation = d.pop("equityCorrelation")

        equity_bond_split = d.pop("equityBondSplit")

        metrics = cls(
            pe_ratio=pe_ratio,
            income_yield=income_yield,
            volatility3y=volatility3y,
            sharpe3y=sharpe3y,
            yield_to_maturity=yield_to_maturity,
            effective_duration=effective_duration,
            effective_maturity=effective_maturity,
            average_rating=average_rating,
            seven_day_yield=seven_day_yield,
            wam=wam,
            wal=wal,
            max_drawdown=max_drawdown,
            equity_correlation=equity_correlation,
            equity_bond_split=equity_bond_split,
        )

        metrics.additional_properties = d
        return metrics

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
