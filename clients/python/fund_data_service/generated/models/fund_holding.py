from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="FundHolding")


@_attrs_define
class FundHolding:
    """One line of a fund's holdings as its document discloses it: the security, its issuer and ISIN when given, its weight
    in percent of the fund, and its country, sector, asset class and currency

        Attributes:
            name (str):
            issuer (None | str): Issuer name when the document gives one apart from the line (TPT)
            isin (None | str): The holding's own ISIN when given
            weight (float): Percent of the fund (cash and derivative lines included, as disclosed)
            country (None | str):
            sector (None | str):
            asset_class (None | str):
            currency (None | str):
    """

    name: str
    issuer: None | str
    isin: None | str
    weight: float
    country: None | str
    sector: None | str
    asset_class: None | str
    currency: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        issuer: None | str
        issuer = self.issuer

        isin: None | str
        isin = self.isin

        weight = self.weight

        country: None | str
        country = self.country

        sector: None | str
        sector = self.sector

        asset_class: None | str
        asset_class = self.asset_class

        currency: None | str
        currency = self.currency

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "issuer": issuer,
                "isin": isin,
                "weight": weight,
                "country": country,
                "sector": sector,
                "assetClass": asset_class,
                "currency": currency,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        def _parse_issuer(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        issuer = _parse_issuer(d.pop("issuer"))

        def _parse_isin(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        isin = _parse_isin(d.pop("isin"))

        weight = d.pop("weight")

        def _parse_country(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        country = _parse_country(d.pop("country"))

        def _parse_sector(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        sector = _parse_sector(d.pop("sector"))

        def _parse_asset_class(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        asset_class = _parse_asset_class(d.pop("assetClass"))

        def _parse_currency(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        currency = _parse_currency(d.pop("currency"))

        fund_holding = cls(
            name=name,
            issuer=issuer,
            isin=isin,
            weight=weight,
            country=country,
            sector=sector,
            asset_class=asset_class,
            currency=currency,
        )

        fund_holding.additional_properties = d
        return fund_holding

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
