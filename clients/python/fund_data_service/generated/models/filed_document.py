from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.document_kind import DocumentKind

T = TypeVar("T", bound="FiledDocument")


@_attrs_define
class FiledDocument:
    """A document filed in the universe: its content hash, kind, media type and language, the funds or SCPI it is filed
    under, its as-of date, and where and when it came in

        Attributes:
            sha256 (str):
            kind (DocumentKind): kid: PRIIPs KID; kiid: UCITS KIID; factsheet; holdings: a list of positions; nav: a NAV or
                price history; ept, emt, tpt: FinDatEx files; scpi-bulletin, scpi-dic, scpi-annual, scpi-note: an SCPI bulletin,
                DIC, annual report, note d'information
            media_type (str):
            language (None | str):
            isins (list[str]): The ISINs the document covers: those it names for itself, else the one given with it
            scpi (None | str): An SCPI's document: the SCPI it is filed under (its slug, as GET /scpi/{idOrIsin} takes);
                null for a fund's
            as_of (None | str): The date the document is as of (YYYY-MM-DD)
            name (None | str): The fund or product name the document states
            source (str): How it came in: inbox, import (the command) or api (the key id)
            file_name (str):
            filed_at (str): ISO 8601 instant
    """

    sha256: str
    kind: DocumentKind
    media_type: str
    language: None | str
    isins: list[str]
    scpi: None | str
    as_of: None | str
    name: None | str
    source: str
    file_name: str
    filed_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        sha256 = self.sha256

        kind = self.kind.value

        media_type = self.media_type

        language: None | str
        language = self.language

        isins = self.isins

        scpi: None | str
        scpi = self.scpi

        as_of: None | str
        as_of = self.as_of

        name: None | str
        name = self.name

        source = self.source

        file_name = self.file_name

        filed_at = self.filed_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sha256": sha256,
                "kind": kind,
                "mediaType": media_type,
                "language": language,
                "isins": isins,
                "scpi": scpi,
                "asOf": as_of,
                "name": name,
                "source": source,
                "fileName": file_name,
                "filedAt": filed_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        sha256 = d.pop("sha256")

        kind = DocumentKind(d.pop("kind"))

        media_type = d.pop("mediaType")

        def _parse_language(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        language = _parse_language(d.pop("language"))

        isins = cast(list[str], d.pop("isins"))

        def _parse_scpi(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        scpi = _parse_scpi(d.pop("scpi"))

        def _parse_as_of(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        as_of = _parse_as_of(d.pop("asOf"))

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        source = d.pop("source")

        file_name = d.pop("fileName")

        filed_at = d.pop("filedAt")

        filed_document = cls(
            sha256=sha256,
            kind=kind,
            media_type=media_type,
            language=language,
            isins=isins,
            scpi=scpi,
            as_of=as_of,
            name=name,
            source=source,
            file_name=file_name,
            filed_at=filed_at,
        )

        filed_document.additional_properties = d
        return filed_document

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
