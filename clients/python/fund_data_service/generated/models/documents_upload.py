from __future__ import annotations

from collections.abc import Mapping
from io import BytesIO
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from .. import types
from ..types import UNSET, File, Unset

T = TypeVar("T", bound="DocumentsUpload")


@_attrs_define
class DocumentsUpload:
    """Multipart body of POST /documents: the files to file, and the ISIN of the fund for the documents that name none

    Attributes:
        file (list[File]): One or more documents (20 at most, 8 MB in all): PDF, CSV, XLSX, JSON, YAML or a ZIP of them
        isin (str | Unset): The fund the documents are about, for those that name no ISIN of their own (holdings lists,
            NAV histories)
    """

    file: list[File]
    isin: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        file = []
        for file_item_data in self.file:
            file_item = file_item_data.to_tuple()

            file.append(file_item)

        isin = self.isin

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "file": file,
            }
        )
        if isin is not UNSET:
            field_dict["isin"] = isin

        return field_dict

    def to_multipart(self) -> types.RequestFiles:
        files: types.RequestFiles = []

        for file_item_element in self.file:
            files.append(("file", file_item_element.to_tuple()))

        if not isinstance(self.isin, Unset):
            files.append(("isin", (None, str(self.isin).encode(), "text/plain")))

        for prop_name, prop in self.additional_properties.items():
            files.append((prop_name, (None, str(prop).encode(), "text/plain")))

        return files

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        file = []
        _file = d.pop("file")
        for file_item_data in _file:
            file_item = File(payload=BytesIO(file_item_data))

            file.append(file_item)

        isin = d.pop("isin", UNSET)

        documents_upload = cls(
            file=file,
            isin=isin,
        )

        documents_upload.additional_properties = d
        return documents_upload

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
