from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.document_kind import DocumentKind
from ..models.ingest_result_status import IngestResultStatus

T = TypeVar("T", bound="IngestResult")


@_attrs_define
class IngestResult:
    """How filing one document ended (filed, duplicate or rejected), and what the document was identified as: its kind,
    language, ISINs or SCPI, and as-of date

        Attributes:
            file (str): The file as given; an archive entry as `archive.zip/entry.pdf`, one part of a split PDF as
                `file.pdf#pages=3-5`
            status (IngestResultStatus): filed: new in the universe, its funds reloaded; duplicate: the same bytes were
                filed before (nothing changed); rejected: see reason
            sha256 (None | str): Content hash of the document filed (null when rejected)
            kind (DocumentKind | None):
            language (None | str): ISO 639-1 code, when it can be told
            isins (list[str]): The ISINs the document covers: those it names for itself, else the one given with it
            scpi (None | str): An SCPI's document: the SCPI it is filed under (its slug, as GET /scpi/{idOrIsin} takes);
                null for a fund's
            as_of (None | str): The date the document is as of (YYYY-MM-DD)
            reason (None | str): Why the document was rejected, for a person
    """

    file: str
    status: IngestResultStatus
    sha256: None | str
    kind: DocumentKind | None
    language: None | str
    isins: list[str]
    scpi: None | str
    as_of: None | str
    reason: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        file = self.file

        status = self.status.value

        sha256: None | str
        sha256 = self.sha256

        kind: None | str
        if isinstance(self.kind, DocumentKind):
            kind = self.kind.value
        else:
            kind = self.kind

        language: None | str
        language = self.language

        isins = self.isins

        scpi: None | str
        scpi = self.scpi

        as_of: None | str
        as_of = self.as_of

        reason: None | str
        reason = self.reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "file": file,
                "status": status,
                "sha256": sha256,
                "kind": kind,
                "language": language,
                "isins": isins,
                "scpi": scpi,
                "asOf": as_of,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        file = d.pop("file")

        status = IngestResultStatus(d.pop("status"))

        def _parse_sha256(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        sha256 = _parse_sha256(d.pop("sha256"))

        def _parse_kind(data: object) -> DocumentKind | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                kind_type_0 = DocumentKind(data)

                return kind_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DocumentKind | None, data)

        kind = _parse_kind(d.pop("kind"))

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

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))

        ingest_result = cls(
            file=file,
            status=status,
            sha256=sha256,
            kind=kind,
            language=language,
            isins=isins,
            scpi=scpi,
            as_of=as_of,
            reason=reason,
        )

        ingest_result.additional_properties = d
        return ingest_result

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
