from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.field_sources import FieldSources
    from ..models.scpi_debt import ScpiDebt
    from ..models.scpi_distribution_detail import ScpiDistributionDetail
    from ..models.scpi_fees import ScpiFees
    from ..models.scpi_key_facts import ScpiKeyFacts
    from ..models.scpi_liquidity import ScpiLiquidity
    from ..models.scpi_performance import ScpiPerformance
    from ..models.scpi_portfolio import ScpiPortfolio


T = TypeVar("T", bound="ScpiData")


@_attrs_define
class ScpiData:
    """Data of an SCPI (a French real-estate fund) from its periodic bulletin, DIC, annual report and information note: key
    facts, performance, portfolio, fees, debt, liquidity and distribution detail, with the provenance of each filled
    field. Scalars are null and lists empty when the documents do not state a value

        Attributes:
            key_facts (ScpiKeyFacts): Key facts of an SCPI: its management company, category and capital type,
                capitalisation, share and withdrawal prices, fees, minimum subscription, délai de jouissance, risk indicator,
                SFDR article and ISR label
            performance (ScpiPerformance): Returns of an SCPI as its documents state them: distribution rate and
                distribution per share by year, internal rates of return, reconstitution and realisation values, share price
                history, premium to reconstitution value and PGA
            portfolio (ScpiPortfolio): The property portfolio of an SCPI: number of properties and tenants, surface,
                occupancy rates, lease terms, and its split by type of property and by region
            fees (ScpiFees): Fees of an SCPI as its documents state them, in percent: subscription, management, transfer and
                arbitrage commissions
            debt (ScpiDebt): Indebtedness of an SCPI, in percent: debt ratio and loan to value
            liquidity (ScpiLiquidity): Liquidity of the shares of an SCPI over the last period reported: shares awaiting
                withdrawal, number of shareholders and net inflows
            distribution (ScpiDistributionDetail): Where the distribution per share of one year comes from: rental income,
                financial income, and the part from foreign rents
            data_as_of (str): Date of the newest document the figures come from (YYYY-MM-DD)
            generated_at (str):
            sources (FieldSources): Provenance per filled field, keyed by dotted field path, and one entry
                `skipped.<document hash>` per document of the fund that could not be read and was left out (an addition beside
                the contract fields)
    """

    key_facts: ScpiKeyFacts
    performance: ScpiPerformance
    portfolio: ScpiPortfolio
    fees: ScpiFees
    debt: ScpiDebt
    liquidity: ScpiLiquidity
    distribution: ScpiDistributionDetail
    data_as_of: str
    generated_at: str
    sources: FieldSources
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        key_facts = self.key_facts.to_dict()

        performance = self.performance.to_dict()

        portfolio = self.portfolio.to_dict()

        fees = self.fees.to_dict()

        debt = self.debt.to_dict()

        liquidity = self.liquidity.to_dict()

        distribution = self.distribution.to_dict()

        data_as_of = self.data_as_of

        generated_at = self.generated_at

        sources = self.sources.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "keyFacts": key_facts,
                "performance": performance,
                "portfolio": portfolio,
                "fees": fees,
                "debt": debt,
                "liquidity": liquidity,
                "distribution": distribution,
                "dataAsOf": data_as_of,
                "generatedAt": generated_at,
                "sources": sources,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.field_sources import FieldSources
        from ..models.scpi_debt import ScpiDebt
        from ..models.scpi_distribution_detail import ScpiDistributionDetail
        from ..models.scpi_fees import ScpiFees
        from ..models.scpi_key_facts import ScpiKeyFacts
        from ..models.scpi_liquidity import ScpiLiquidity
        from ..models.scpi_performance import ScpiPerformance
        from ..models.scpi_portfolio import ScpiPortfolio

        d = dict(src_dict)
        key_facts = ScpiKeyFacts.from_dict(d.pop("keyFacts"))

        performance = ScpiPerformance.from_dict(d.pop("performance"))

        portfolio = ScpiPortfolio.from_dict(d.pop("portfolio"))

        fees = ScpiFees.from_dict(d.pop("fees"))

        debt = ScpiDebt.from_dict(d.pop("debt"))

        liquidity = ScpiLiquidity.from_dict(d.pop("liquidity"))

        distribution = ScpiDistributionDetail.from_dict(d.pop("distribution"))

        data_as_of = d.pop("dataAsOf")

        generated_at = d.pop("generatedAt")

        sources = FieldSources.from_dict(d.pop("sources"))

        scpi_data = cls(
            key_facts=key_facts,
            performance=performance,
            portfolio=portfolio,
            fees=fees,
            debt=debt,
            liquidity=liquidity,
            distribution=distribution,
            data_as_of=data_as_of,
            generated_at=generated_at,
            sources=sources,
        )

        scpi_data.additional_properties = d
        return scpi_data

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
