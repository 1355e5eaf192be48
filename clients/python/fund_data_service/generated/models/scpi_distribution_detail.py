from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ScpiDistributionDetail")


@_attrs_define
class ScpiDistributionDetail:
    """Where the distribution per share of one year comes from: rental income, financial income, and the part from foreign
    rents

        Attributes:
            year (None | str):
            rental_income_eur (float | None): Revenus fonciers per share for the year
            financial_income_eur (float | None): Revenus financiers per share for the year
            foreign_income_share_pct (float | None): Quote-part of the distribution from foreign rents (taxed abroad),
                percent
    """

    year: None | str
    rental_income_eur: float | None
    financial_income_eur: float | None
    foreign_income_share_pct: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        year: None | str
        year = self.year

        rental_income_eur: float | None
        rental_income_eur = self.rental_income_eur

        financial_income_eur: float | None
        financial_income_eur = self.financial_income_eur

        foreign_income_share_pct: float | None
        foreign_income_share_pct = self.foreign_income_share_pct

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "year": year,
                "rentalIncomeEur": rental_income_eur,
                "financialIncomeEur": financial_income_eur,
                "foreignIncomeSharePct": foreign_income_share_pct,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_year(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        year = _parse_year(d.pop("year"))

        def _parse_rental_income_eur(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        rental_income_eur = _parse_rental_income_eur(d.pop("rentalIncomeEur"))

        def _parse_financial_income_eur(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        financial_income_eur = _parse_financial_income_eur(d.pop("financialIncomeEur"))

        def _parse_foreign_income_share_pct(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        foreign_income_share_pct = _parse_foreign_income_share_pct(
            d.pop("foreignIncomeSharePct")
        )

        scpi_distribution_detail = cls(
            year=year,
            rental_income_eur=rental_income_eur,
            financial_income_eur=financial_income_eur,
            foreign_income_share_pct=foreign_income_share_pct,
        )

        scpi_distribution_detail.additional_properties = d
        return scpi_distribution_detail

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
