from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="OtherShareClass")


@_attrs_define
class OtherShareClass:
    """The value the same document states for another share class or plan of the fund

    Attributes:
        label (str): The share class or plan as the document names it
        isin (None | str):
        value (str):
    """

    label: str
    isin: None | str
    value: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        label = self.label

        isin: None | str
        isin = self.isin

        value = self.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "label": label,
                "isin": isin,
                "value": value,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        label = d.pop("label")

        def _parse_isin(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        isin = _parse_isin(d.pop("isin"))

        value = d.pop("value")

        other_share_class = cls(
            label=label,
            isin=isin,
            value=value,
        )

        other_share_class.additional_properties = d
        return other_share_class

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
