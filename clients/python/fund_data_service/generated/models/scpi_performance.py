from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.scpi_performance_tri import ScpiPerformanceTri
    from ..models.scpi_year_value import ScpiYearValue
    from ..models.share_price import SharePrice


T = TypeVar("T", bound="ScpiPerformance")


@_attrs_define
class ScpiPerformance:
    """Returns of an SCPI as its documents state them: distribution rate and distribution per share by year, internal rates
    of return, reconstitution and realisation values, share price history, premium to reconstitution value and PGA

        Attributes:
            distribution_rate_by_year (list[ScpiYearValue]): Taux de distribution per calendar year (ASPIM): gross
                distribution per share paid for the year, divided by the subscription price on 1 January of the year; percent
            distribution_per_share_by_year (list[ScpiYearValue]): Gross distribution per share paid for each year, EUR
            tri (ScpiPerformanceTri): Taux de rentabilité interne over 5, 10 and 15 years, percent per year, as the
                documents state it (ASPIM)
            reconstitution_value_eur (float | None): Valeur de reconstitution per share: realisation value plus the costs of
                rebuilding the portfolio
            realisation_value_eur (float | None): Valeur de réalisation per share: appraised value of the properties plus
                the other net assets
            share_price_history (list[SharePrice]): Subscription price per share and the date it took effect, oldest first
            last_quarter_distribution_per_share_eur (float | None): Gross distribution per share paid for the last quarter
                reported
            premium_to_reconstitution_pct (float | None): Share price against reconstitution value, percent: (sharePrice /
                reconstitutionValue - 1) × 100 (positive: surcote, negative: décote)
            pga_pct (float | None): Performance globale annuelle (ASPIM), where stated: distribution rate plus the change of
                the share price over the year
    """

    distribution_rate_by_year: list[ScpiYearValue]
    distribution_per_share_by_year: list[ScpiYearValue]
    tri: ScpiPerformanceTri
    reconstitution_value_eur: float | None
    realisation_value_eur: float | None
    share_price_history: list[SharePrice]
    last_quarter_distribution_per_share_eur: float | None
    premium_to_reconstitution_pct: float | None
    pga_pct: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        distribution_rate_by_year = []
        for distribution_rate_by_year_item_data in self.distribution_rate_by_year:
            distribution_rate_by_year_item = (
                distribution_rate_by_year_item_data.to_dict()
            )
            distribution_rate_by_year.append(distribution_rate_by_year_item)

        distribution_per_share_by_year = []
        for (
            distribution_per_share_by_year_item_data
        ) in self.distribution_per_share_by_year:
            distribution_per_share_by_year_item = (
                distribution_per_share_by_year_item_data.to_dict()
            )
            distribution_per_share_by_year.append(distribution_per_share_by_year_item)

        tri = self.tri.to_dict()

        reconstitution_value_eur: float | None
        reconstitution_value_eur = self.reconstitution_value_eur

        realisation_value_eur: float | None
        realisation_value_eur = self.realisation_value_eur

        share_price_history = []
        for share_price_history_item_data in self.share_price_history:
            share_price_history_item = share_price_history_item_data.to_dict()
            share_price_history.append(share_price_history_item)

        last_quarter_distribution_per_share_eur: float | None
        last_quarter_distribution_per_share_eur = (
            self.last_quarter_distribution_per_share_eur
        )

        premium_to_reconstitution_pct: float | None
        premium_to_reconstitution_pct = self.premium_to_reconstitution_pct

        pga_pct: float | None
        pga_pct = self.pga_pct

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "distributionRateByYear": distribution_rate_by_year,
                "distributionPerShareByYear": distribution_per_share_by_year,
                "tri": tri,
                "reconstitutionValueEur": reconstitution_value_eur,
                "realisationValueEur": realisation_value_eur,
                "sharePriceHistory": share_price_history,
                "lastQuarterDistributionPerShareEur": last_quarter_distribution_per_share_eur,
                "premiumToReconstitutionPct": premium_to_reconstitution_pct,
                "pgaPct": pga_pct,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.scpi_performance_tri import ScpiPerformanceTri
        from ..models.scpi_year_value import ScpiYearValue
        from ..models.share_price import SharePrice

        d = dict(src_dict)
        distribution_rate_by_year = []
        _distribution_rate_by_year = d.pop("distributionRateByYear")
        for distribution_rate_by_year_item_data in _distribution_rate_by_year:
            distribution_rate_by_year_item = ScpiYearValue.from_dict(
                distribution_rate_by_year_item_data
            )

            distribution_rate_by_year.append(distribution_rate_by_year_item)

        distribution_per_share_by_year = []
        _distribution_per_share_by_year = d.pop("distributionPerShareByYear")
        for distribution_per_share_by_year_item_data in _distribution_per_share_by_year:
            distribution_per_share_by_year_item = ScpiYearValue.from_dict(
                distribution_per_share_by_year_item_data
            )

            distribution_per_share_by_year.append(distribution_per_share_by_year_item)

        tri = ScpiPerformanceTri.from_dict(d.pop("tri"))

        def _parse_reconstitution_value_eur(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        reconstitution_value_eur = _parse_reconstitution_value_eur(
            d.pop("reconstitutionValueEur")
        )

        def _parse_realisation_value_eur(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        realisation_value_eur = _parse_realisation_value_eur(
            d.pop("realisationValueEur")
        )

        share_price_history = []
        _share_price_history = d.pop("sharePriceHistory")
        for share_price_history_item_data in _share_price_history:
            share_price_history_item = SharePrice.from_dict(
                share_price_history_item_data
            )

            share_price_history.append(share_price_history_item)

        def _parse_last_quarter_distribution_per_share_eur(
            data: object,
        ) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        last_quarter_distribution_per_share_eur = (
            _parse_last_quarter_distribution_per_share_eur(
                d.pop("lastQuarterDistributionPerShareEur")
            )
        )

        def _parse_premium_to_reconstitution_pct(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        premium_to_reconstitution_pct = _parse_premium_to_reconstitution_pct(
            d.pop("premiumToReconstitutionPct")
        )

        def _parse_pga_pct(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        pga_pct = _parse_pga_pct(d.pop("pgaPct"))

        scpi_performance = cls(
            distribution_rate_by_year=distribution_rate_by_year,
            distribution_per_share_by_year=distribution_per_share_by_year,
            tri=tri,
            reconstitution_value_eur=reconstitution_value_eur,
            realisation_value_eur=realisation_value_eur,
            share_price_history=share_price_history,
            last_quarter_distribution_per_share_eur=last_quarter_distribution_per_share_eur,
            premium_to_reconstitution_pct=premium_to_reconstitution_pct,
            pga_pct=pga_pct,
        )

        scpi_performance.additional_properties = d
        return scpi_performance

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
