from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.profile_concentration import ProfileConcentration
from ..models.profile_credit_quality import ProfileCreditQuality
from ..models.profile_kind import ProfileKind
from ..models.profile_rate_sensitivity import ProfileRateSensitivity
from ..models.profile_valuation import ProfileValuation
from ..models.risk_band import RiskBand

T = TypeVar("T", bound="Profile")


@_attrs_define
class Profile:
    """Rule-based classification of the fund, derived from its key facts and breakdowns: kind, category, risk band,
    concentration, regional and sector focus, valuation style, credit quality and rate sensitivity. The rules are on
    /docs/methodology; `rules` names their version

        Attributes:
            kind (ProfileKind): Broad kind of fund, derived from keyFacts.assetClass: equity, fixedIncome (bonds),
                moneyMarket, allocation (mixed assets), alternative or other
            category (str):
            risk_band (None | RiskBand): Band of a risk indicator on the 1-7 scale (SRRI or SRI): low for 1-2, medium for
                3-4, high for 5-7
            concentration (None | ProfileConcentration): How concentrated the portfolio is, from the weight of its ten
                largest holdings: concentrated (50% or more), balanced (30% to 50%) or diversified (under 30%)
            region_focus (None | str):
            region_tilt (None | str):
            sector_tilt (None | str):
            valuation (None | ProfileValuation): Valuation style of an equity portfolio, from its P/E ratio: value (under
                15), blend (15 to 22) or growth (over 22)
            credit_quality (None | ProfileCreditQuality): Credit quality of a bond or money-market portfolio: high when AAA
                to A ratings make 60% or more, medium when investment grade (BBB or better) makes 80% or more, low otherwise
            rate_sensitivity (None | ProfileRateSensitivity): Interest-rate sensitivity of a bond portfolio, from its
                effective (else modified) duration: limited (under 3.5 years), moderate (3.5 to 6 years) or extensive (over 6
                years)
            equity_share (float | None):
            rules (str): Version identifier of the rule set
    """

    kind: ProfileKind
    category: str
    risk_band: None | RiskBand
    concentration: None | ProfileConcentration
    region_focus: None | str
    region_tilt: None | str
    sector_tilt: None | str
    valuation: None | ProfileValuation
    credit_quality: None | ProfileCreditQuality
    rate_sensitivity: None | ProfileRateSensitivity
    equity_share: float | None
    rules: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        category = self.category

        risk_band: None | str
        if isinstance(self.risk_band, RiskBand):
            risk_band = self.risk_band.value
        else:
            risk_band = self.risk_band

        concentration: None | str
        if isinstance(self.concentration, ProfileConcentration):
            concentration = self.concentration.value
        else:
            concentration = self.concentration

        region_focus: None | str
        region_focus = self.region_focus

        region_tilt: None | str
        region_tilt = self.region_tilt

        sector_tilt: None | str
        sector_tilt = self.sector_tilt

        valuation: None | str
        if isinstance(self.valuation, ProfileValuation):
            valuation = self.valuation.value
        else:
            valuation = self.valuation

        credit_quality: None | str
        if isinstance(self.credit_quality, ProfileCreditQuality):
            credit_quality = self.credit_quality.value
        else:
            credit_quality = self.credit_quality

        rate_sensitivity: None | str
        if isinstance(self.rate_sensitivity, ProfileRateSensitivity):
            rate_sensitivity = self.rate_sensitivity.value
        else:
            rate_sensitivity = self.rate_sensitivity

        equity_share: float | None
        equity_share = self.equity_share

        rules = self.rules

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
                "category": category,
                "riskBand": risk_band,
                "concentration": concentration,
                "regionFocus": region_focus,
                "regionTilt": region_tilt,
                "sectorTilt": sector_tilt,
                "valuation": valuation,
                "creditQuality": credit_quality,
                "rateSensitivity": rate_sensitivity,
                "equityShare": equity_share,
                "rules": rules,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = ProfileKind(d.pop("kind"))

        category = d.pop("category")

        def _parse_risk_band(data: object) -> None | RiskBand:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                risk_band_type_0 = RiskBand(data)

                return risk_band_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RiskBand, data)

        risk_band = _parse_risk_band(d.pop("riskBand"))

        def _parse_concentration(data: object) -> None | ProfileConcentration:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                concentration_type_0 = ProfileConcentration(data)

                return concentration_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ProfileConcentration, data)

        concentration = _parse_concentration(d.pop("concentration"))

        def _parse_region_focus(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        region_focus = _parse_region_focus(d.pop("regionFocus"))

        def _parse_region_tilt(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        region_tilt = _parse_region_tilt(d.pop("regionTilt"))

        def _parse_sector_tilt(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        sector_tilt = _parse_sector_tilt(d.pop("sectorTilt"))

        def _parse_valuation(data: object) -> None | ProfileValuation:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                valuation_type_0 = ProfileValuation(data)

                return valuation_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ProfileValuation, data)

        valuation = _parse_valuation(d.pop("valuation"))

        def _parse_credit_quality(data: object) -> None | ProfileCreditQuality:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                credit_quality_type_0 = ProfileCreditQuality(data)

                return credit_quality_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ProfileCreditQuality, data)

        credit_quality = _parse_credit_quality(d.pop("creditQuality"))

        def _parse_rate_sensitivity(data: object) -> None | ProfileRateSensitivity:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                rate_sensitivity_type_0 = ProfileRateSensitivity(data)

                return rate_sensitivity_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ProfileRateSensitivity, data)

        rate_sensitivity = _parse_rate_sensitivity(d.pop("rateSensitivity"))

        def _parse_equity_share(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        equity_share = _parse_equity_share(d.pop("equityShare"))

        rules = d.pop("rules")

        profile = cls(
            kind=kind,
            category=category,
            risk_band=risk_band,
            concentration=concentration,
            region_focus=region_focus,
            region_tilt=region_tilt,
            sector_tilt=sector_tilt,
            valuation=valuation,
            credit_quality=credit_quality,
            rate_sensitivity=rate_sensitivity,
            equity_share=equity_share,
            rules=rules,
        )

        profile.additional_properties = d
        return profile

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
