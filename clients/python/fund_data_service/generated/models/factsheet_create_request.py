from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.factsheet_create_request_deliver import FactsheetCreateRequestDeliver
from ..models.factsheet_format import FactsheetFormat
from ..models.factsheet_language import FactsheetLanguage
from ..types import UNSET, Unset

T = TypeVar("T", bound="FactsheetCreateRequest")


@_attrs_define
class FactsheetCreateRequest:
    """Body of POST /factsheets: the fund, the output format, how the answer is delivered and the language of the page.
    Unknown fields are refused (400 invalid_body)

        Attributes:
            isin (str): The fund: 12-character ISIN, checksum validated, case-insensitive. A cold ISIN is loaded as by GET
                /funds/{isin} Example: ZZSMPL000014.
            format_ (FactsheetFormat | Unset): Format of a factsheet document: html (a web page) or pdf (an A4 PDF). On a
                saved sheet, the one asked for when it was made; both documents are available
            deliver (FactsheetCreateRequestDeliver | Unset): document (default): the answer is the document itself
                (text/html or application/pdf) with X-Factsheet-* headers; link: JSON, the saved sheet with its keyless links (a
                PDF is printed first, so its link works at once)
            language (FactsheetLanguage | Unset): Language of a factsheet page, which sets its labels and its number and
                date formats: en (English) or fr (French)
    """

    isin: str
    format_: FactsheetFormat | Unset = UNSET
    deliver: FactsheetCreateRequestDeliver | Unset = UNSET
    language: FactsheetLanguage | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        isin = self.isin

        format_: str | Unset = UNSET
        if not isinstance(self.format_, Unset):
            format_ = self.format_.value

        deliver: str | Unset = UNSET
        if not isinstance(self.deliver, Unset):
            deliver = self.deliver.value

        language: str | Unset = UNSET
        if not isinstance(self.language, Unset):
            language = self.language.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "isin": isin,
            }
        )
        if format_ is not UNSET:
            field_dict["format"] = format_
        if deliver is not UNSET:
            field_dict["deliver"] = deliver
        if language is not UNSET:
            field_dict["language"] = language

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        isin = d.pop("isin")

        _format_ = d.pop("format", UNSET)
        format_: FactsheetFormat | Unset
        if isinstance(_format_, Unset):
            format_ = UNSET
        else:
            format_ = FactsheetFormat(_format_)

        _deliver = d.pop("deliver", UNSET)
        deliver: FactsheetCreateRequestDeliver | Unset
        if isinstance(_deliver, Unset):
            deliver = UNSET
        else:
            deliver = FactsheetCreateRequestDeliver(_deliver)

        _language = d.pop("language", UNSET)
        language: FactsheetLanguage | Unset
        if isinstance(_language, Unset):
            language = UNSET
        else:
            language = FactsheetLanguage(_language)

        factsheet_create_request = cls(
            isin=isin,
            format_=format_,
            deliver=deliver,
            language=language,
        )

        return factsheet_create_request
