from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.risk_band import RiskBand

T = TypeVar("T", bound="PortfolioResponseRisk")


@_attrs_define
class PortfolioResponseRisk:
    """Blended risk of the portfolio: the weighted risk indicator (1 to 7), its band, and the percent of the portfolio it
    covers

        Attributes:
            weighted_srri (float | None):
            band (None | RiskBand): Band of a risk indicator on the 1-7 scale (SRRI or SRI): low for 1-2, medium for 3-4,
                high for 5-7
            coverage (float):
    """

    weighted_srri: float | None
    band: None | RiskBand
    coverage: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        weighted_srri: float | None
        weighted_srri = self.weighted_srri

        band: None | str
        if isinstance(self.band, RiskBand):
            band = self.band.value
        else:
            band = self.band

        coverage = self.coverage

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "weightedSrri": weighted_srri,
                "band": band,
                "coverage": coverage,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_weighted_srri(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        weighted_srri = _parse_weighted_srri(d.pop("weightedSrri"))

        def _parse_band(data: object) -> None | RiskBand:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                band_type_0 = RiskBand(data)

                return band_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RiskBand, data)

        band = _parse_band(d.pop("band"))

        coverage = d.pop("coverage")

        portfolio_response_risk = cls(
            weighted_srri=weighted_srri,
            band=band,
            coverage=coverage,
        )

        portfolio_response_risk.additional_properties = d
        return portfolio_response_risk

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
