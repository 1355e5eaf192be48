from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RemovedDocument")


@_attrs_define
class RemovedDocument:
    """Answer of DELETE /documents/{sha256}: the document removed, and the funds or SCPI reloaded without it

    Attributes:
        sha256 (str):
        removed (bool):
        isins (list[str]): The funds reloaded without it
        scpi (None | str): The SCPI reloaded without it (an SCPI document)
    """

    sha256: str
    removed: bool
    isins: list[str]
    scpi: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        sha256 = self.sha256

        removed = self.removed

        isins = self.isins

        scpi: None | str
        scpi = self.scpi

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sha256": sha256,
                "removed": removed,
                "isins": isins,
                "scpi": scpi,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        sha256 = d.pop("sha256")

        removed = d.pop("removed")

        isins = cast(list[str], d.pop("isins"))

        def _parse_scpi(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        scpi = _parse_scpi(d.pop("scpi"))

        removed_document = cls(
            sha256=sha256,
            removed=removed,
            isins=isins,
            scpi=scpi,
        )

        removed_document.additional_properties = d
        return removed_document

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
