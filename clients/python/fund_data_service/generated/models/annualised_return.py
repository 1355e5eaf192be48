from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AnnualisedReturn")


@_attrs_define
class AnnualisedReturn:
    """A trailing return of the fund and its index in percent over one period (1 Year, 3, 5 or 10 Years p.a., Since
    Inception); periods over a year are annualised

        Attributes:
            label (str):
            fund (float | None):
            index (float | None):
    """

    label: str
    fund: float | None
    index: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        label = self.label

        fund: float | None
        fund = self.fund

        index: float | None
        index = self.index

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "label": label,
                "fund": fund,
                "index": index,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        label = d.pop("label")

        def _parse_fund(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        fund = _parse_fund(d.pop("fund"))

        def _parse_index(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        index = _parse_index(d.pop("index"))

        annualised_return = cls(
            label=label,
            fund=fund,
            index=index,
        )

        annualised_return.additional_properties = d
        return annualised_return

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
