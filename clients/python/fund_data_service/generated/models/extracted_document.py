from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ExtractedDocument")


@_attrs_define
class ExtractedDocument:
    """The document read: its label (the file name, the URL, or "text"), its kind, and its number of pages and of
    characters of text

        Attributes:
            label (str):
            kind (str):
            pages (int):
            chars (int):
    """

    label: str
    kind: str
    pages: int
    chars: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        label = self.label

        kind = self.kind

        pages = self.pages

        chars = self.chars

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "label": label,
                "kind": kind,
                "pages": pages,
                "chars": chars,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        label = d.pop("label")

        kind = d.pop("kind")

        pages = d.pop("pages")

        chars = d.pop("chars")

        extracted_document = cls(
            label=label,
            kind=kind,
            pages=pages,
            chars=chars,
        )

        extracted_document.additional_properties = d
        return extracted_document

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
