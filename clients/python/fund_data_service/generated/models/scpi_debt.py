from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ScpiDebt")


@_attrs_define
class ScpiDebt:
    """Indebtedness of an SCPI, in percent: debt ratio and loan to value

    Attributes:
        debt_ratio_pct (float | None): Taux d'endettement: debt divided by the value of the properties
        ltv_pct (float | None): Loan to value as the bulletin states it
    """

    debt_ratio_pct: float | None
    ltv_pct: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        debt_ratio_pct: float | None
        debt_ratio_pct = self.debt_ratio_pct

        ltv_pct: float | None
        ltv_pct = self.ltv_pct

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "debtRatioPct": debt_ratio_pct,
                "ltvPct": ltv_pct,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_debt_ratio_pct(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        debt_ratio_pct = _parse_debt_ratio_pct(d.pop("debtRatioPct"))

        def _parse_ltv_pct(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        ltv_pct = _parse_ltv_pct(d.pop("ltvPct"))

        scpi_debt = cls(
            debt_ratio_pct=debt_ratio_pct,
            ltv_pct=ltv_pct,
        )

        scpi_debt.additional_properties = d
        return scpi_debt

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
