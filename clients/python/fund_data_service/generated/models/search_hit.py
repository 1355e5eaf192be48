from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SearchHit")


@_attrs_define
class SearchHit:
    """One fund found by GET /search: its ISIN and name, a few key facts, and its public page

    Attributes:
        isin (str):
        name (None | str):
        issuer (None | str): keyFacts.manager
        currency (None | str): keyFacts.currency
        asset_class (None | str): keyFacts.assetClass
        share_class (None | str):
        income (None | str): keyFacts.distribution: income treatment
        category (None | str): profile.category
        data_as_of (None | str):
        url (None | str): Public fund page; null when fund pages are not published
    """

    isin: str
    name: None | str
    issuer: None | str
    currency: None | str
    asset_class: None | str
    share_class: None | str
    income: None | str
    category: None | str
    data_as_of: None | str
    url: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        isin = self.isin

        name: None | str
        name = self.name

        issuer: None | str
        issuer = self.issuer

        currency: None | str
        currency = self.currency

        asset_class: None | str
        asset_class = self.asset_class

        share_class: None | str
        share_class = self.share_class

        income: None | str
        income = self.income

        category: None | str
        category = self.category

        data_as_of: None | str
        data_as_of = self.data_as_of

        url: None | str
        url = self.url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "isin": isin,
                "name": name,
                "issuer": issuer,
                "currency": currency,
                "assetClass": asset_class,
                "shareClass": share_class,
                "income": income,
                "category": category,
                "dataAsOf": data_as_of,
                "url": url,
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

        def _parse_issuer(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        issuer = _parse_issuer(d.pop("issuer"))

        def _parse_currency(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        currency = _parse_currency(d.pop("currency"))

        def _parse_asset_class(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        asset_class = _parse_asset_class(d.pop("assetClass"))

        def _parse_share_class(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        share_class = _parse_share_class(d.pop("shareClass"))

        def _parse_income(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        income = _parse_income(d.pop("income"))

        def _parse_category(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        category = _parse_category(d.pop("category"))

        def _parse_data_as_of(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        data_as_of = _parse_data_as_of(d.pop("dataAsOf"))

        def _parse_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        url = _parse_url(d.pop("url"))

        search_hit = cls(
            isin=isin,
            name=name,
            issuer=issuer,
            currency=currency,
            asset_class=asset_class,
            share_class=share_class,
            income=income,
            category=category,
            data_as_of=data_as_of,
            url=url,
        )

        search_hit.additional_properties = d
        return search_hit

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
