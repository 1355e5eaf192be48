from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="FieldConflict")


@_attrs_define
class FieldConflict:
    """A different value for a field, stated by another document of the same fund than the one quoted

    Attributes:
        document (str): Content hash (sha256) of the document that states this value
        kind (str): Its kind (kid, kiid, ept, emt, factsheet, holdings, tpt, nav)
        value (float | str): The value as that document states it
        as_of (None | str): The date that document gives for itself
    """

    document: str
    kind: str
    value: float | str
    as_of: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        document = self.document

        kind = self.kind

        value: float | str
        value = self.value

        as_of: None | str
        as_of = self.as_of

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "document": document,
                "kind": kind,
                "value": value,
                "asOf": as_of,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        document = d.pop("document")

        kind = d.pop("kind")

        def _parse_value(data: object) -> float | str:
            return cast(float | str, data)

        value = _parse_value(d.pop("value"))

        def _parse_as_of(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        as_of = _parse_as_of(d.pop("asOf"))

        field_conflict = cls(
            document=document,
            kind=kind,
            value=value,
            as_of=as_of,
        )

        field_conflict.additional_properties = d
        return field_conflict

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
