from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.scpi_capital_type import ScpiCapitalType
from ..models.scpi_category import ScpiCategory

T = TypeVar("T", bound="ScpiSearchHit")


@_attrs_define
class ScpiSearchHit:
    """One SCPI found by GET /scpi: its identifiers, management company, category and capital type and, once its data is
    loaded, its headline figures

        Attributes:
            id (str):
            isin (None | str):
            name (str):
            management_company (None | str):
            category (None | ScpiCategory): Main type of property of an SCPI, as its documents classify it: bureaux
                (offices), commerces (retail), santé (healthcare), logistique (logistics), diversifiée (diversified),
                résidentiel (residential), européenne (European property) or autre (other)
            capital_type (None | ScpiCapitalType): Capital type of an SCPI: fixe (fixed capital: shares change hands between
                associates) or variable (variable capital: the SCPI issues new shares and buys back the shares withdrawn)
            loaded (bool): Whether a payload is stored (the figures below come from it; null until loaded)
            share_price_eur (float | None):
            distribution_rate_pct (float | None): Latest yearly distribution rate
            financial_occupancy_rate_pct (float | None):
            data_as_of (None | str):
            url (str): Path of GET /scpi/{id} for this SCPI
    """

    id: str
    isin: None | str
    name: str
    management_company: None | str
    category: None | ScpiCategory
    capital_type: None | ScpiCapitalType
    loaded: bool
    share_price_eur: float | None
    distribution_rate_pct: float | None
    financial_occupancy_rate_pct: float | None
    data_as_of: None | str
    url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        isin: None | str
        isin = self.isin

        name = self.name

        management_company: None | str
        management_company = self.management_company

        category: None | str
        if isinstance(self.category, ScpiCategory):
            category = self.category.value
        else:
            category = self.category

        capital_type: None | str
        if isinstance(self.capital_type, ScpiCapitalType):
            capital_type = self.capital_type.value
        else:
            capital_type = self.capital_type

        loaded = self.loaded

        share_price_eur: float | None
        share_price_eur = self.share_price_eur

        distribution_rate_pct: float | None
        distribution_rate_pct = self.distribution_rate_pct

        financial_occupancy_rate_pct: float | None
        financial_occupancy_rate_pct = self.financial_occupancy_rate_pct

        data_as_of: None | str
        data_as_of = self.data_as_of

        url = self.url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "isin": isin,
                "name": name,
                "managementCompany": management_company,
                "category": category,
                "capitalType": capital_type,
                "loaded": loaded,
                "sharePriceEur": share_price_eur,
                "distributionRatePct": distribution_rate_pct,
                "financialOccupancyRatePct": financial_occupancy_rate_pct,
                "dataAsOf": data_as_of,
                "url": url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        def _parse_isin(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        isin = _parse_isin(d.pop("isin"))

        name = d.pop("name")

        def _parse_management_company(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        management_company = _parse_management_company(d.pop("managementCompany"))

        def _parse_category(data: object) -> None | ScpiCategory:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                category_type_0 = ScpiCategory(data)

                return category_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ScpiCategory, data)

        category = _parse_category(d.pop("category"))

        def _parse_capital_type(data: object) -> None | ScpiCapitalType:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                capital_type_type_0 = ScpiCapitalType(data)

                return capital_type_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ScpiCapitalType, data)

        capital_type = _parse_capital_type(d.pop("capitalType"))

        loaded = d.pop("loaded")

        def _parse_share_price_eur(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        share_price_eur = _parse_share_price_eur(d.pop("sharePriceEur"))

        def _parse_distribution_rate_pct(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        distribution_rate_pct = _parse_distribution_rate_pct(
            d.pop("distributionRatePct")
        )

        def _parse_financial_occupancy_rate_pct(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        financial_occupancy_rate_pct = _parse_financial_occupancy_rate_pct(
            d.pop("financialOccupancyRatePct")
        )

        def _parse_data_as_of(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        data_as_of = _parse_data_as_of(d.pop("dataAsOf"))

        url = d.pop("url")

        scpi_search_hit = cls(
            id=id,
            isin=isin,
            name=name,
            management_company=management_company,
            category=category,
            capital_type=capital_type,
            loaded=loaded,
            share_price_eur=share_price_eur,
            distribution_rate_pct=distribution_rate_pct,
            financial_occupancy_rate_pct=financial_occupancy_rate_pct,
            data_as_of=data_as_of,
            url=url,
        )

        scpi_search_hit.additional_properties = d
        return scpi_search_hit

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
