from __future__ import annotations

from collections.abc import Mapping
from io import BytesIO
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from .. import types
from ..models.extract_kind import ExtractKind
from ..types import UNSET, File, Unset

T = TypeVar("T", bound="ExtractMultipartRequest")


@_attrs_define
class ExtractMultipartRequest:
    """Multipart body of POST /extract: the PDF in the part `file`, with its ISIN and kind when known

    Attributes:
        file (File): The PDF, up to 8 MB, with a text layer
        isin (str | Unset): ISIN of the share class, when known (checked against the document)
        kind (ExtractKind | Unset): What the document to extract from is: kid, a key information document (PRIIPs KID or
            UCITS KIID), or factsheet, a fund factsheet
    """

    file: File
    isin: str | Unset = UNSET
    kind: ExtractKind | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        file = self.file.to_tuple()

        isin = self.isin

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "file": file,
            }
        )
        if isin is not UNSET:
            field_dict["isin"] = isin
        if kind is not UNSET:
            field_dict["kind"] = kind

        return field_dict

    def to_multipart(self) -> types.RequestFiles:
        files: types.RequestFiles = []

        files.append(("file", self.file.to_tuple()))

        if not isinstance(self.isin, Unset):
            files.append(("isin", (None, str(self.isin).encode(), "text/plain")))

        if not isinstance(self.kind, Unset):
            files.append(("kind", (None, str(self.kind.value).encode(), "text/plain")))

        for prop_name, prop in self.additional_properties.items():
            files.append((prop_name, (None, str(prop).encode(), "text/plain")))

        return files

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        file = File(payload=BytesIO(d.pop("file")))

        isin = d.pop("isin", UNSET)

        _kind = d.pop("kind", UNSET)
        kind: ExtractKind | Unset
        if isinstance(_kind, Unset):
            kind = UNSET
        else:
            kind = ExtractKind(_kind)

        extract_multipart_request = cls(
            file=file,
            isin=isin,
            kind=kind,
        )

        extract_multipart_request.additional_properties = d
        return extract_multipart_request

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
