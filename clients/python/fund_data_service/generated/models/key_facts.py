from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="KeyFacts")


@_attrs_define
class KeyFacts:
    """Key facts of the share class as its documents state them: asset class, category, currency, fund size, inception
    date, income treatment, number of holdings and manager. Empty strings when not disclosed

        Attributes:
            asset_class (str):
            sub_asset (str): Identical to profile.category
            currency (str):
            aum (str):
            inception (str):
            distribution (str):
            holdings (float | str):
            manager (str):
    """

    asset_class: str
    sub_asset: str
    currency: str
    aum: str
    inception: str
    distribution: str
    holdings: float | str
    manager: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        asset_class = self.asset_class

        sub_asset = self.sub_asset

        currency = self.currency

        aum = self.aum

        inception = self.inception

        distribution = self.distribution

        holdings: float | str
        holdings = self.holdings

        manager = self.manager

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "assetClass": asset_class,
                "subAsset": sub_asset,
                "currency": currency,
                "aum": aum,
                "inception": inception,
                "distribution": distribution,
                "holdings": holdings,
                "manager": manager,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        asset_class = d.pop("assetClass")

        sub_asset = d.pop("subAsset")

        currency = d.pop("currency")

        aum = d.pop("aum")

        inception = d.pop("inception")

        distribution = d.pop("distribution")

        def _parse_holdings(data: object) -> float | str:
            return cast(float | str, data)

        holdings = _parse_holdings(d.pop("holdings"))

        manager = d.pop("manager")

        key_facts = cls(
            asset_class=asset_class,
            sub_asset=sub_asset,
            currency=currency,
            aum=aum,
            inception=inception,
            distribution=distribution,
            holdings=holdings,
            manager=manager,
        )

        key_facts.additional_properties = d
        return key_facts

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
