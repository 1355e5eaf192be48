from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Costs")


@_attrs_define
class Costs:
    """Costs of the share class as its KID or factsheet states them (text, usually percent): one-off entry and exit costs,
    yearly ongoing and transaction costs, performance fee, reduction in yield after one year and at the recommended
    holding period, and that period. Empty strings when not disclosed

        Attributes:
            entry (str):
            exit_ (str):
            ongoing (str):
            transaction (str):
            performance_fee (str):
            riy1y (str):
            riy_rhp (str):
            recommended_holding_period (str):
    """

    entry: str
    exit_: str
    ongoing: str
    transaction: str
    performance_fee: str
    riy1y: str
    riy_rhp: str
    recommended_holding_period: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        entry = self.entry

        exit_ = self.exit_

        ongoing = self.ongoing

        transaction = self.transaction

        performance_fee = self.performance_fee

        riy1y = self.riy1y

        riy_rhp = self.riy_rhp

        recommended_holding_period = self.recommended_holding_period

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "entry": entry,
                "exit": exit_,
                "ongoing": ongoing,
                "transaction": transaction,
                "performanceFee": performance_fee,
                "riy1y": riy1y,
                "riyRhp": riy_rhp,
                "recommendedHoldingPeriod": recommended_holding_period,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        entry = d.pop("entry")

        exit_ = d.pop("exit")

        ongoing = d.pop("ongoing")

        transaction = d.pop("transaction")

        performance_fee = d.pop("performanceFee")

        riy1y = d.pop("riy1y")

        riy_rhp = d.pop("riyRhp")

        recommended_holding_period = d.pop("recommendedHoldingPeriod")

        costs = cls(
            entry=entry,
            exit_=exit_,
            ongoing=ongoing,
            transaction=transaction,
            performance_fee=performance_fee,
            riy1y=riy1y,
            riy_rhp=riy_rhp,
            recommended_holding_period=recommended_holding_period,
        )

        costs.additional_properties = d
        return costs

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
