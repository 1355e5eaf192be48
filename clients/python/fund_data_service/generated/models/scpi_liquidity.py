from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ScpiLiquidity")


@_attrs_define
class ScpiLiquidity:
    """Liquidity of the shares of an SCPI over the last period reported: shares awaiting withdrawal, number of shareholders
    and net inflows

        Attributes:
            shares_awaiting_withdrawal (float | None): Parts en attente de retrait at the end of the period
            number_of_shareholders (float | None): Nombre d'associés
            net_inflows_eur (float | None): Collecte nette of the period
            period (None | str): Period of these figures as the bulletin names it, e.g. "T3 2025"
    """

    shares_awaiting_withdrawal: float | None
    number_of_shareholders: float | None
    net_inflows_eur: float | None
    period: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        shares_awaiting_withdrawal: float | None
        shares_awaiting_withdrawal = self.shares_awaiting_withdrawal

        number_of_shareholders: float | None
        number_of_shareholders = self.number_of_shareholders

        net_inflows_eur: float | None
        net_inflows_eur = self.net_inflows_eur

        period: None | str
        period = self.period

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sharesAwaitingWithdrawal": shares_awaiting_withdrawal,
                "numberOfShareholders": number_of_shareholders,
                "netInflowsEur": net_inflows_eur,
                "period": period,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_shares_awaiting_withdrawal(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        shares_awaiting_withdrawal = _parse_shares_awaiting_withdrawal(
            d.pop("sharesAwaitingWithdrawal")
        )

        def _parse_number_of_shareholders(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        number_of_shareholders = _parse_number_of_shareholders(
            d.pop("numberOfShareholders")
        )

        def _parse_net_inflows_eur(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        net_inflows_eur = _parse_net_inflows_eur(d.pop("netInflowsEur"))

        def _parse_period(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        period = _parse_period(d.pop("period"))

        scpi_liquidity = cls(
            shares_awaiting_withdrawal=shares_awaiting_withdrawal,
            number_of_shareholders=number_of_shareholders,
            net_inflows_eur=net_inflows_eur,
            period=period,
        )

        scpi_liquidity.additional_properties = d
        return scpi_liquidity

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
