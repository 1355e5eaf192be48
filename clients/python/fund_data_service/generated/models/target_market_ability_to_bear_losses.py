from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TargetMarketAbilityToBearLosses")


@_attrs_define
class TargetMarketAbilityToBearLosses:
    """Ability to bear losses (EMT section 3)

    Attributes:
        no_capital_loss (None | str): Clients who cannot bear any capital loss (03010): Y (compatible), N (not
            compatible) or Neutral
        limited_capital_loss (None | str): Clients who can bear a limited capital loss (03020): Y (compatible), N (not
            compatible) or Neutral
        limited_capital_loss_level (None | str): The limited loss those clients can bear, as a percentage (03030), e.g.
            "10.00%"
        no_capital_guarantee (None | str): Clients who do not need capital guarantee (03040): Y (compatible), N (not
            compatible) or Neutral
        loss_beyond_capital (None | str): Clients who can bear losses beyond the capital (03050): Y (compatible), N (not
            compatible) or Neutral
    """

    no_capital_loss: None | str
    limited_capital_loss: None | str
    limited_capital_loss_level: None | str
    no_capital_guarantee: None | str
    loss_beyond_capital: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        no_capital_loss: None | str
        no_capital_loss = self.no_capital_loss

        limited_capital_loss: None | str
        limited_capital_loss = self.limited_capital_loss

        limited_capital_loss_level: None | str
        limited_capital_loss_level = self.limited_capital_loss_level

        no_capital_guarantee: None | str
        no_capital_guarantee = self.no_capital_guarantee

        loss_beyond_capital: None | str
        loss_beyond_capital = self.loss_beyond_capital

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "noCapitalLoss": no_capital_loss,
                "limitedCapitalLoss": limited_capital_loss,
                "limitedCapitalLossLevel": limited_capital_loss_level,
                "noCapitalGuarantee": no_capital_guarantee,
                "lossBeyondCapital": loss_beyond_capital,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_no_capital_loss(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        no_capital_loss = _parse_no_capital_loss(d.pop("noCapitalLoss"))

        def _parse_limited_capital_loss(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        limited_capital_loss = _parse_limited_capital_loss(d.pop("limitedCapitalLoss"))

        def _parse_limited_capital_loss_level(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        limited_capital_loss_level = _parse_limited_capital_loss_level(
            d.pop("limitedCapitalLossLevel")
        )

        def _parse_no_capital_guarantee(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        no_capital_guarantee = _parse_no_capital_guarantee(d.pop("noCapitalGuarantee"))

        def _parse_loss_beyond_capital(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        loss_beyond_capital = _parse_loss_beyond_capital(d.pop("lossBeyondCapital"))

        target_market_ability_to_bear_losses = cls(
            no_capital_loss=no_capital_loss,
            limited_capital_loss=limited_capital_loss,
            limited_capital_loss_level=limited_capital_loss_level,
            no_capital_guarantee=no_capital_guarantee,
            loss_beyond_capital=loss_beyond_capital,
        )

        target_market_ability_to_bear_losses.additional_properties = d
        return target_market_ability_to_bear_losses

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
