from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.sfdr_article import SfdrArticle
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.annualised_return import AnnualisedReturn
    from ..models.costs import Costs
    from ..models.cumulative_return import CumulativeReturn
    from ..models.field_sources import FieldSources
    from ..models.fund_data_calendar_returns import FundDataCalendarReturns
    from ..models.fund_data_indexed_performance import FundDataIndexedPerformance
    from ..models.headline_metrics import HeadlineMetrics
    from ..models.holding import Holding
    from ..models.key_facts import KeyFacts
    from ..models.metrics import Metrics
    from ..models.profile import Profile
    from ..models.target_market import TargetMarket
    from ..models.weighted import Weighted


T = TypeVar("T", bound="FundData")


@_attrs_define
class FundData:
    """The fund factsheet: key facts, profile, holdings, exposure breakdowns, performance series, risk metrics and costs,
    with the provenance of each filled field. Scalars not disclosed are empty strings or null; lists not disclosed are
    empty

        Attributes:
            investment_objective (str):
            security_type (str):
            structure (str):
            share_class (None | str):
            key_facts (KeyFacts): Key facts of the share class as its documents state them: asset class, category, currency,
                fund size, inception date, income treatment, number of holdings and manager. Empty strings when not disclosed
            manager_tenure (str):
            benchmark_name (str):
            risk_rating (int | None):
            profile (Profile): Rule-based classification of the fund, derived from its key facts and breakdowns: kind,
                category, risk band, concentration, regional and sector focus, valuation style, credit quality and rate
                sensitivity. The rules are on /docs/methodology; `rules` names their version
            top_holdings (list[Holding]):
            geography (list[Weighted]):
            region (list[Weighted]):
            sector (list[Weighted]):
            credit_quality (list[Weighted]):
            asset_allocation (list[Weighted]):
            instrument (list[Weighted]):
            maturity (list[Weighted]):
            strategy (list[Any]):
            exposure (list[Any]):
            calendar_returns (FundDataCalendarReturns): Calendar-year returns in percent: the years (oldest first, from the
                inception year, the current partial year left out) and, aligned with them, the fund's and the benchmark's return
                (null where the factsheet does not state it)
            cumulative_performance (list[CumulativeReturn]):
            indexed_performance (FundDataIndexedPerformance): The cumulative return series rebased to 100 at its first
                point; hasIndex tells whether the index series is filled
            annualised_returns (list[AnnualisedReturn]):
            headline_metrics (HeadlineMetrics): Headline figures as the documents state them (text with units): total
                expense ratio, fund size, 3-year volatility and Sharpe ratio, yield to maturity and modified duration. Empty
                strings when not disclosed
            metrics (Metrics): Further portfolio and risk statistics as the documents state them (text with units):
                valuation and yield figures, durations and maturities, average rating, money-market measures (seven-day yield,
                WAM, WAL), maximum drawdown and equity correlation. Empty strings when not disclosed
            sfdr_article (None | SfdrArticle): SFDR classification as the documents state it: article 6, 8 (promotes
                environmental or social characteristics) or 9 (has sustainable investment as its objective)
            costs (Costs): Costs of the share class as its KID or factsheet states them (text, usually percent): one-off
                entry and exit costs, yearly ongoing and transaction costs, performance fee, reduction in yield after one year
                and at the recommended holding period, and that period. Empty strings when not disclosed
            data_as_of (str):
            generated_at (str):
            sources (FieldSources): Provenance per filled field, keyed by dotted field path, and one entry
                `skipped.<document hash>` per document of the fund that could not be read and was left out (an addition beside
                the contract fields)
            target_market (TargetMarket | Unset): MiFID II target market from the manufacturer's EMT file, answers as the
                template codes them; null where the file says nothing. data.sources has one entry per stated answer (e.g.
                `targetMarket.investorTypes.retail`) with the file's row and column
    """

    investment_objective: str
    security_type: str
    structure: str
    share_class: None | str
    key_facts: KeyFacts
    manager_tenure: str
    benchmark_name: str
    risk_rating: int | None
    profile: Profile
    top_holdings: list[Holding]
    geography: list[Weighted]
    region: list[Weighted]
    sector: list[Weighted]
    credit_quality: list[Weighted]
    asset_allocation: list[Weighted]
    instrument: list[Weighted]
    maturity: list[Weighted]
    strategy: list[Any]
    exposure: list[Any]
    calendar_returns: FundDataCalendarReturns
    cumulative_performance: list[CumulativeReturn]
    indexed_performance: FundDataIndexedPerformance
    annualised_returns: list[AnnualisedReturn]
    headline_metrics: HeadlineMetrics
    metrics: Metrics
    sfdr_article: None | SfdrArticle
    costs: Costs
    data_as_of: str
    generated_at: str
    sources: FieldSources
    target_market: TargetMarket | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        investment_objective = self.investment_objective

        security_type = self.security_type

        structure = self.structure

        share_class: None | str
        share_class = self.share_class

        key_facts = self.key_facts.to_dict()

        manager_tenure = self.manager_tenure

        benchmark_name = self.benchmark_name

        risk_rating: int | None
        risk_rating = self.risk_rating

        profile = self.profile.to_dict()

        top_holdings = []
        for top_holdings_item_data in self.top_holdings:
            top_holdings_item = top_holdings_item_data.to_dict()
            top_holdings.append(top_holdings_item)

        geography = []
        for geography_item_data in self.geography:
            geography_item = geography_item_data.to_dict()
            geography.append(geography_item)

        region = []
        for region_item_data in self.region:
            region_item = region_item_data.to_dict()
            region.append(region_item)

        sector = []
        for sector_item_data in self.sector:
            sector_item = sector_item_data.to_dict()
            sector.append(sector_item)

        credit_quality = []
        for credit_quality_item_data in self.credit_quality:
            credit_quality_item = credit_quality_item_data.to_dict()
            credit_quality.append(credit_quality_item)

        asset_allocation = []
        for asset_allocation_item_data in self.asset_allocation:
            asset_allocation_item = asset_allocation_item_data.to_dict()
            asset_allocation.append(asset_allocation_item)

        instrument = []
        for instrument_item_data in self.instrument:
            instrument_item = instrument_item_data.to_dict()
            instrument.append(instrument_item)

        maturity = []
        for maturity_item_data in self.maturity:
            maturity_item = maturity_item_data.to_dict()
            maturity.append(maturity_item)

        strategy = self.strategy

        exposure = self.exposure

        calendar_returns = self.calendar_returns.to_dict()

        cumulative_performance = []
        for cumulative_performance_item_data in self.cumulative_performance:
            cumulative_performance_item = cumulative_performance_item_data.to_dict()
            cumulative_performance.append(cumulative_performance_item)

        indexed_performance = self.indexed_performance.to_dict()

        annualised_returns = []
        for annualised_returns_item_data in self.annualised_returns:
            annualised_returns_item = annualised_returns_item_data.to_dict()
            annualised_returns.append(annualised_returns_item)

        headline_metrics = self.headline_metrics.to_dict()

        metrics = self.metrics.to_dict()

        sfdr_article: int | None
        if isinstance(self.sfdr_article, SfdrArticle):
            sfdr_article = self.sfdr_article.value
        else:
            sfdr_article = self.sfdr_article

        costs = self.costs.to_dict()

        data_as_of = self.data_as_of

        generated_at = self.generated_at

        sources = self.sources.to_dict()

        target_market: dict[str, Any] | Unset = UNSET
        if not isinstance(self.target_market, Unset):
            target_market = self.target_market.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "investmentObjective": investment_objective,
                "securityType": security_type,
                "structure": structure,
                "shareClass": share_class,
                "keyFacts": key_facts,
                "managerTenure": manager_tenure,
                "benchmarkName": benchmark_name,
                "riskRating": risk_rating,
                "profile": profile,
                "topHoldings": top_holdings,
                "geography": geography,
                "region": region,
                "sector": sector,
                "creditQuality": credit_quality,
                "assetAllocation": asset_allocation,
                "instrument": instrument,
                "maturity": maturity,
                "strategy": strategy,
                "exposure": exposure,
                "calendarReturns": calendar_returns,
                "cumulativePerformance": cumulative_performance,
                "indexedPerformance": indexed_performance,
                "annualisedReturns": annualised_returns,
                "headlineMetrics": headline_metrics,
                "metrics": metrics,
                "sfdrArticle": sfdr_article,
                "costs": costs,
                "dataAsOf": data_as_of,
                "generatedAt": generated_at,
                "sources": sources,
            }
        )
        if target_market is not UNSET:
            field_dict["targetMarket"] = target_market

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.annualised_return import AnnualisedReturn
        from ..models.costs import Costs
        from ..models.cumulative_return import CumulativeReturn
        from ..models.field_sources import FieldSources
        from ..models.fund_data_calendar_returns import FundDataCalendarReturns
        from ..models.fund_data_indexed_performance import FundDataIndexedPerformance
        from ..models.headline_metrics import HeadlineMetrics
        from ..models.holding import Holding
        from ..models.key_facts import KeyFacts
        from ..models.metrics import Metrics
        from ..models.profile import Profile
        from ..models.target_market import TargetMarket
        from ..models.weighted import Weighted

        d = dict(src_dict)
        investment_objective = d.pop("investmentObjective")

        security_type = d.pop("securityType")

        structure = d.pop("structure")

        def _parse_share_class(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        share_class = _parse_share_class(d.pop("shareClass"))

        key_facts = KeyFacts.from_dict(d.pop("keyFacts"))

        manager_tenure = d.pop("managerTenure")

        benchmark_name = d.pop("benchmarkName")

        def _parse_risk_rating(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        risk_rating = _parse_risk_rating(d.pop("riskRating"))

        profile = Profile.from_dict(d.pop("profile"))

        top_holdings = []
        _top_holdings = d.pop("topHoldings")
        for top_holdings_item_data in _top_holdings:
            top_holdings_item = Holding.from_dict(top_holdings_item_data)

            top_holdings.append(top_holdings_item)

        geography = []
        _geography = d.pop("geography")
        for geography_item_data in _geography:
            geography_item = Weighted.from_dict(geography_item_data)

            geography.append(geography_item)

        region = []
        _region = d.pop("region")
        for region_item_data in _region:
            region_item = Weighted.from_dict(region_item_data)

            region.append(region_item)

        sector = []
        _sector = d.pop("sector")
        for sector_item_data in _sector:
            sector_item = Weighted.from_dict(sector_item_data)

            sector.append(sector_item)

        credit_quality = []
        _credit_quality = d.pop("creditQuality")
        for credit_quality_item_data in _credit_quality:
            credit_quality_item = Weighted.from_dict(credit_quality_item_data)

            credit_quality.append(credit_quality_item)

        asset_allocation = []
        _asset_allocation = d.pop("assetAllocation")
        for asset_allocation_item_data in _asset_allocation:
            asset_allocation_item = Weighted.from_dict(asset_allocation_item_data)

            asset_allocation.append(asset_allocation_item)

        instrument = []
        _instrument = d.pop("instrument")
        for instrument_item_data in _instrument:
            instrument_item = Weighted.from_dict(instrument_item_data)

            instrument.append(instrument_item)

        maturity = []
        _maturity = d.pop("maturity")
        for maturity_item_data in _maturity:
            maturity_item = Weighted.from_dict(maturity_item_data)

            maturity.append(maturity_item)

        strategy = cast(list[Any], d.pop("strategy"))

        exposure = cast(list[Any], d.pop("exposure"))

        calendar_returns = FundDataCalendarReturns.from_dict(d.pop("calendarReturns"))

        cumulative_performance = []
        _cumulative_performance = d.pop("cumulativePerformance")
        for cumulative_performance_item_data in _cumulative_performance:
            cumulative_performance_item = CumulativeReturn.from_dict(
                cumulative_performance_item_data
            )

            cumulative_performance.append(cumulative_performance_item)

        indexed_performance = FundDataIndexedPerformance.from_dict(
            d.pop("indexedPerformance")
        )

        annualised_returns = []
        _annualised_returns = d.pop("annualisedReturns")
        for annualised_returns_item_data in _annualised_returns:
            annualised_returns_item = AnnualisedReturn.from_dict(
                annualised_returns_item_data
            )

            annualised_returns.append(annualised_returns_item)

        headline_metrics = HeadlineMetrics.from_dict(d.pop("headlineMetrics"))

        metrics = Metrics.from_dict(d.pop("metrics"))

        def _parse_sfdr_article(data: object) -> None | SfdrArticle:
            if data is None:
                return data
            try:
                if not isinstance(data, int):
                    raise TypeError()
                sfdr_article_type_0 = SfdrArticle(data)

                return sfdr_article_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SfdrArticle, data)

        sfdr_article = _parse_sfdr_article(d.pop("sfdrArticle"))

        costs = Costs.from_dict(d.pop("costs"))

        data_as_of = d.pop("dataAsOf")

        generated_at = d.pop("generatedAt")

        sources = FieldSources.from_dict(d.pop("sources"))

        _target_market = d.pop("targetMarket", UNSET)
        target_market: TargetMarket | Unset
        if isinstance(_target_market, Unset):
            target_market = UNSET
        else:
            target_market = TargetMarket.from_dict(_target_market)

        fund_data = cls(
            investment_objective=investment_objective,
            security_type=security_type,
            structure=structure,
            share_class=share_class,
            key_facts=key_facts,
            manager_tenure=manager_tenure,
            benchmark_name=benchmark_name,
            risk_rating=risk_rating,
            profile=profile,
            top_holdings=top_holdings,
            geography=geography,
            region=region,
            sector=sector,
            credit_quality=credit_quality,
            asset_allocation=asset_allocation,
            instrument=instrument,
            maturity=maturity,
            strategy=strategy,
            exposure=exposure,
            calendar_returns=calendar_returns,
            cumulative_performance=cumulative_performance,
            indexed_performance=indexed_performance,
            annualised_returns=annualised_returns,
            headline_metrics=headline_metrics,
            metrics=metrics,
            sfdr_article=sfdr_article,
            costs=costs,
            data_as_of=data_as_of,
            generated_at=generated_at,
            sources=sources,
            target_market=target_market,
        )

        fund_data.additional_properties = d
        return fund_data

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
