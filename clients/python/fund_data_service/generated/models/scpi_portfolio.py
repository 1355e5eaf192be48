from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.weighted import Weighted


T = TypeVar("T", bound="ScpiPortfolio")


@_attrs_define
class ScpiPortfolio:
    """The property portfolio of an SCPI: number of properties and tenants, surface, occupancy rates, lease terms, and its
    split by type of property and by region

        Attributes:
            number_of_properties (float | None):
            surface_sqm (float | None):
            number_of_tenants (float | None):
            financial_occupancy_rate_pct (float | None): TOF (ASPIM): rents and indemnities invoiced divided by the rents
                that would be invoiced were the whole portfolio let
            physical_occupancy_rate_pct (float | None): TOP: let surface divided by the total surface
            walb_years (float | None): Weighted average lease to break, years
            walt_years (float | None): Weighted average lease term, years
            sector_split (list[Weighted]): Split by type of property, percent of the portfolio value
            geographic_split (list[Weighted]): Split by region or country, percent of the portfolio value
    """

    number_of_properties: float | None
    surface_sqm: float | None
    number_of_tenants: float | None
    financial_occupancy_rate_pct: float | None
    physical_occupancy_rate_pct: float | None
    walb_years: float | None
    walt_years: float | None
    sector_split: list[Weighted]
    geographic_split: list[Weighted]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        number_of_properties: float | None
        number_of_properties = self.number_of_properties

        surface_sqm: float | None
        surface_sqm = self.surface_sqm

        number_of_tenants: float | None
        number_of_tenants = self.number_of_tenants

        financial_occupancy_rate_pct: float | None
        financial_occupancy_rate_pct = self.financial_occupancy_rate_pct

        physical_occupancy_rate_pct: float | None
        physical_occupancy_rate_pct = self.physical_occupancy_rate_pct

        walb_years: float | None
        walb_years = self.walb_years

        walt_years: float | None
        walt_years = self.walt_years

        sector_split = []
        for sector_split_item_data in self.sector_split:
            sector_split_item = sector_split_item_data.to_dict()
            sector_split.append(sector_split_item)

        geographic_split = []
        for geographic_split_item_data in self.geographic_split:
            geographic_split_item = geographic_split_item_data.to_dict()
            geographic_split.append(geographic_split_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "numberOfProperties": number_of_properties,
                "surfaceSqm": surface_sqm,
                "numberOfTenants": number_of_tenants,
                "financialOccupancyRatePct": financial_occupancy_rate_pct,
                "physicalOccupancyRatePct": physical_occupancy_rate_pct,
                "walbYears": walb_years,
                "waltYears": walt_years,
                "sectorSplit": sector_split,
                "geographicSplit": geographic_split,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.weighted import Weighted

        d = dict(src_dict)

        def _parse_number_of_properties(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        number_of_properties = _parse_number_of_properties(d.pop("numberOfProperties"))

        def _parse_surface_sqm(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        surface_sqm = _parse_surface_sqm(d.pop("surfaceSqm"))

        def _parse_number_of_tenants(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        number_of_tenants = _parse_number_of_tenants(d.pop("numberOfTenants"))

        def _parse_financial_occupancy_rate_pct(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        financial_occupancy_rate_pct = _parse_financial_occupancy_rate_pct(
            d.pop("financialOccupancyRatePct")
        )

        def _parse_physical_occupancy_rate_pct(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        physical_occupancy_rate_pct = _parse_physical_occupancy_rate_pct(
            d.pop("physicalOccupancyRatePct")
        )

        def _parse_walb_years(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        walb_years = _parse_walb_years(d.pop("walbYears"))

        def _parse_walt_years(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        walt_years = _parse_walt_years(d.pop("waltYears"))

        sector_split = []
        _sector_split = d.pop("sectorSplit")
        for sector_split_item_data in _sector_split:
            sector_split_item = Weighted.from_dict(sector_split_item_data)

            sector_split.append(sector_split_item)

        geographic_split = []
        _geographic_split = d.pop("geographicSplit")
        for geographic_split_item_data in _geographic_split:
            geographic_split_item = Weighted.from_dict(geographic_split_item_data)

            geographic_split.append(geographic_split_item)

        scpi_portfolio = cls(
            number_of_properties=number_of_properties,
            surface_sqm=surface_sqm,
            number_of_tenants=number_of_tenants,
            financial_occupancy_rate_pct=financial_occupancy_rate_pct,
            physical_occupancy_rate_pct=physical_occupancy_rate_pct,
            walb_years=walb_years,
            walt_years=walt_years,
            sector_split=sector_split,
            geographic_split=geographic_split,
        )

        scpi_portfolio.additional_properties = d
        return scpi_portfolio

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
