from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.target_market_ability_to_bear_losses import (
        TargetMarketAbilityToBearLosses,
    )
    from ..models.target_market_distribution_strategies import (
        TargetMarketDistributionStrategies,
    )
    from ..models.target_market_investor_types import TargetMarketInvestorTypes
    from ..models.target_market_knowledge_and_experience import (
        TargetMarketKnowledgeAndExperience,
    )
    from ..models.target_market_return_profile import TargetMarketReturnProfile
    from ..models.target_market_risk_tolerance import TargetMarketRiskTolerance


T = TypeVar("T", bound="TargetMarket")


@_attrs_define
class TargetMarket:
    """MiFID II target market from the manufacturer's EMT file, answers as the template codes them; null where the file
    says nothing. data.sources has one entry per stated answer (e.g. `targetMarket.investorTypes.retail`) with the
    file's row and column

        Attributes:
            investor_types (TargetMarketInvestorTypes): Type of clients (EMT section 1)
            knowledge_and_experience (TargetMarketKnowledgeAndExperience): Knowledge and experience (EMT section 2)
            ability_to_bear_losses (TargetMarketAbilityToBearLosses): Ability to bear losses (EMT section 3)
            risk_tolerance (TargetMarketRiskTolerance): Risk tolerance (EMT section 4)
            return_profile (TargetMarketReturnProfile): Return profile and objectives (EMT section 5)
            holding_period (None | str): Minimum recommended holding period (05080): years ("5 years"), or the term the file
                gives instead: very short term (<1y), short term (>=1y), medium term (>=3y), long term (>5y), hold to maturity
            sustainability_preferences (None | str): Whether the product considers end-client sustainability preferences
                (05105): Y or Neutral
            distribution_strategies (TargetMarketDistributionStrategies): Distribution strategies (EMT section 6)
    """

    investor_types: TargetMarketInvestorTypes
    knowledge_and_experience: TargetMarketKnowledgeAndExperience
    ability_to_bear_losses: TargetMarketAbilityToBearLosses
    risk_tolerance: TargetMarketRiskTolerance
    return_profile: TargetMarketReturnProfile
    holding_period: None | str
    sustainability_preferences: None | str
    distribution_strategies: TargetMarketDistributionStrategies
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        investor_types = self.investor_types.to_dict()

        knowledge_and_experience = self.knowledge_and_experience.to_dict()

        ability_to_bear_losses = self.ability_to_bear_losses.to_dict()

        risk_tolerance = self.risk_tolerance.to_dict()

        return_profile = self.return_profile.to_dict()

        holding_period: None | str
        holding_period = self.holding_period

        sustainability_preferences: None | str
        sustainability_preferences = self.sustainability_preferences

        distribution_strategies = self.distribution_strategies.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "investorTypes": investor_types,
                "knowledgeAndExperience": knowledge_and_experience,
                "abilityToBearLosses": ability_to_bear_losses,
                "riskTolerance": risk_tolerance,
                "returnProfile": return_profile,
                "holdingPeriod": holding_period,
                "sustainabilityPreferences": sustainability_preferences,
                "distributionStrategies": distribution_strategies,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.target_market_ability_to_bear_losses import (
            TargetMarketAbilityToBearLosses,
        )
        from ..models.target_market_distribution_strategies import (
            TargetMarketDistributionStrategies,
        )
        from ..models.target_market_investor_types import TargetMarketInvestorTypes
        from ..models.target_market_knowledge_and_experience import (
            TargetMarketKnowledgeAndExperience,
        )
        from ..models.target_market_return_profile import TargetMarketReturnProfile
        from ..models.target_market_risk_tolerance import TargetMarketRiskTolerance

        d = dict(src_dict)
        investor_types = TargetMarketInvestorTypes.from_dict(d.pop("investorTypes"))

        knowledge_and_experience = TargetMarketKnowledgeAndExperience.from_dict(
            d.pop("knowledgeAndExperience")
        )

        ability_to_bear_losses = TargetMarketAbilityToBearLosses.from_dict(
            d.pop("abilityToBearLosses")
        )

        risk_tolerance = TargetMarketRiskTolerance.from_dict(d.pop("riskTolerance"))

        return_profile = TargetMarketReturnProfile.from_dict(d.pop("returnProfile"))

        def _parse_holding_period(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        holding_period = _parse_holding_period(d.pop("holdingPeriod"))

        def _parse_sustainability_preferences(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        sustainability_preferences = _parse_sustainability_preferences(
            d.pop("sustainabilityPreferences")
        )

        distribution_strategies = TargetMarketDistributionStrategies.from_dict(
            d.pop("distributionStrategies")
        )

        target_market = cls(
            investor_types=investor_types,
            knowledge_and_experience=knowledge_and_experience,
            ability_to_bear_losses=ability_to_bear_losses,
            risk_tolerance=risk_tolerance,
            return_profile=return_profile,
            holding_period=holding_period,
            sustainability_preferences=sustainability_preferences,
            distribution_strategies=distribution_strategies,
        )

        target_market.additional_properties = d
        return target_market

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
