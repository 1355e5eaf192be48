from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.extract_kind import ExtractKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="ExtractJsonRequest")


@_attrs_define
class ExtractJsonRequest:
    """JSON body of POST /extract: the document as a public URL or as its text (exactly one of the two), with its ISIN and
    kind when known. Unknown fields are refused

        Attributes:
            url (str | Unset): Public http(s) URL of the document; fetched respecting robots.txt
            text (str | Unset): The document text, when you already have it
            isin (str | Unset): ISIN of the share class, when known (checked against the document)
            kind (ExtractKind | Unset): What the document to extract from is: kid, a key information document (PRIIPs KID or
                UCITS KIID), or factsheet, a fund factsheet
    """

    url: str | Unset = UNSET
    text: str | Unset = UNSET
    isin: str | Unset = UNSET
    kind: ExtractKind | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        text = self.text

        isin = self.isin

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if url is not UNSET:
            field_dict["url"] = url
        if text is not UNSET:
            field_dict["text"] = text
        if isin is not UNSET:
            field_dict["isin"] = isin
        if kind is not UNSET:
            field_dict["kind"] = kind

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        url = d.pop("url", UNSET)

        text = d.pop("text", UNSET)

        isin = d.pop("isin", UNSET)

        _kind = d.pop("kind", UNSET)
        kind: ExtractKind | Unset
        if isinstance(_kind, Unset):
            kind = UNSET
        else:
            kind = ExtractKind(_kind)

        extract_json_request = cls(
            url=url,
            text=text,
            isin=isin,
            kind=kind,
        )

        return extract_json_request
