from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PortfolioPositionResult")


@_attrs_define
class PortfolioPositionResult:
    """One position as answered: the fund's name, its normalised weight, whether it was answered with data, and its TER,
    risk rating, category and kind

        Attributes:
            isin (str):
            name (None | str):
            weight (float): Normalised, percent of the portfolio
            covered (bool): true when the fund was answered with data
            ter (float | None): Ongoing charges in percent; null when not disclosed or not covered
            risk_rating (float | None):
            category (None | str):
            kind (None | str):
    """

    isin: str
    name: None | str
    weight: float
    covered: bool
    ter: float | None
    risk_rating: float | None
    category: None | str
    kind: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        isin = self.isin

        name: None | str
        name = self.name

        weight = self.weight

        covered = self.covered

        ter: float | None
        ter = self.ter

        risk_rating: float | None
        risk_rating = self.risk_rating

        category: None | str
        category = self.category

        kind: None | str
        kind = self.kind

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "isin": isin,
                "name": name,
                "weight": weight,
                "covered": covered,
                "ter": ter,
                "riskRating": risk_rating,
                "category": category,
                "kind": kind,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        isin = d.pop("isin")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        weight = d.pop("weight")

        covered = d.pop("covered")

        def _parse_ter(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        ter = _parse_ter(d.pop("ter"))

        def _parse_risk_rating(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        risk_rating = _parse_risk_rating(d.pop("riskRating"))

        def _parse_category(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        category = _parse_category(d.pop("category"))

        def _parse_kind(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        kind = _parse_kind(d.pop("kind"))

        portfolio_position_result = cls(
            isin=isin,
            name=name,
            weight=weight,
            covered=covered,
            ter=ter,
            risk_rating=risk_rating,
            category=category,
            kind=kind,
        )

        portfolio_position_result.additional_properties = d
        return portfolio_position_result

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
