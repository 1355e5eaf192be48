from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="HeadlineMetrics")


@_attrs_define
class HeadlineMetrics:
    """Headline figures as the documents state them (text with units): total expense ratio, fund size, 3-year volatility
    and Sharpe ratio, yield to maturity and modified duration. Empty strings when not disclosed

        Attributes:
            ter (str):
            aum (str):
            volatility3y (str):
            sharpe3y (str):
            yield_to_maturity (str):
            modified_duration (str):
    """

    ter: str
    aum: str
    volatility3y: str
    sharpe3y: str
    yield_to_maturity: str
    modified_duration: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        ter = self.ter

        aum = self.aum

        volatility3y = self.volatility3y

        sharpe3y = self.sharpe3y

        yield_to_maturity = self.yield_to_maturity

        modified_duration = self.modified_duration

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "ter": ter,
                "aum": aum,
                "volatility3y": volatility3y,
                "sharpe3y": sharpe3y,
                "yieldToMaturity": yield_to_maturity,
                "modifiedDuration": modified_duration,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        ter = d.pop("ter")

        aum = d.pop("aum")

        volatility3y = d.pop("volatility3y")

        sharpe3y = d.pop("sharpe3y")

        yield_to_maturity = d.pop("yieldToMaturity")

        modified_duration = d.pop("modifiedDuration")

        headline_metrics = cls(
            ter=ter,
            aum=aum,
            volatility3y=volatility3y,
            sharpe3y=sharpe3y,
            yield_to_maturity=yield_to_maturity,
            modified_duration=modified_duration,
        )

        headline_metrics.additional_properties = d
        return headline_metrics

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
