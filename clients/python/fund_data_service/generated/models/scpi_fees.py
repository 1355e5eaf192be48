from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ScpiFees")


@_attrs_define
class ScpiFees:
    """Fees of an SCPI as its documents state them, in percent: subscription, management, transfer and arbitrage
    commissions

        Attributes:
            subscription_pct (float | None): Commission de souscription (TTC)
            management_pct (float | None): Commission de gestion, of rents collected (HT)
            transfer_pct (float | None): Commission de cession (on a transfer of shares between associates), percent of the
                amount
            arbitrage_pct (float | None): Commission d'acquisition ou de cession d'actifs (arbitrage), percent of the sale
                or purchase price
    """

    subscription_pct: float | None
    management_pct: float | None
    transfer_pct: float | None
    arbitrage_pct: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        subscription_pct: float | None
        subscription_pct = self.subscription_pct

        management_pct: float | None
        management_pct = self.management_pct

        transfer_pct: float | None
        transfer_pct = self.transfer_pct

        arbitrage_pct: float | None
        arbitrage_pct = self.arbitrage_pct

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "subscriptionPct": subscription_pct,
                "managementPct": management_pct,
                "transferPct": transfer_pct,
                "arbitragePct": arbitrage_pct,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_subscription_pct(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        subscription_pct = _parse_subscription_pct(d.pop("subscriptionPct"))

        def _parse_management_pct(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        management_pct = _parse_management_pct(d.pop("managementPct"))

        def _parse_transfer_pct(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        transfer_pct = _parse_transfer_pct(d.pop("transferPct"))

        def _parse_arbitrage_pct(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        arbitrage_pct = _parse_arbitrage_pct(d.pop("arbitragePct"))

        scpi_fees = cls(
            subscription_pct=subscription_pct,
            management_pct=management_pct,
            transfer_pct=transfer_pct,
            arbitrage_pct=arbitrage_pct,
        )

        scpi_fees.additional_properties = d
        return scpi_fees

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
