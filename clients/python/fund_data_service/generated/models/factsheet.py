from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.factsheet_format import FactsheetFormat
from ..models.factsheet_language import FactsheetLanguage

if TYPE_CHECKING:
    from ..models.factsheet_links import FactsheetLinks


T = TypeVar("T", bound="Factsheet")


@_attrs_define
class Factsheet:
    """A saved factsheet. It keeps a snapshot of the fund data it was made from; every document is rendered from that
    snapshot, so its figures never change

        Attributes:
            id (UUID):
            isin (str):
            name (None | str):
            issuer (None | str): The fund's manager (keyFacts.manager) when the sheet was made; null when not disclosed
            language (FactsheetLanguage): Language of a factsheet page, which sets its labels and its number and date
                formats: en (English) or fr (French)
            format_ (FactsheetFormat): Format of a factsheet document: html (a web page) or pdf (an A4 PDF). On a saved
                sheet, the one asked for when it was made; both documents are available
            favorite (bool):
            created_at (datetime.datetime):
            fund_generated_at (datetime.datetime): When the fund data in the snapshot was generated
            data_as_of (None | str): The snapshot's dataAsOf (YYYY-MM-DD), null when not disclosed
            links (FactsheetLinks): Keyless links, unguessable (a 256-bit random token); they stop working when the sheet is
                deleted
            iframe (str): A ready <iframe> snippet for the embed link
    """

    id: UUID
    isin: str
    name: None | str
    issuer: None | str
    language: FactsheetLanguage
    format_: FactsheetFormat
    favorite: bool
    created_at: datetime.datetime
    fund_generated_at: datetime.datetime
    data_as_of: None | str
    links: FactsheetLinks
    iframe: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        isin = self.isin

        name: None | str
        name = self.name

        issuer: None | str
        issuer = self.issuer

        language = self.language.value

        format_ = self.format_.value

        favorite = self.favorite

        created_at = self.created_at.isoformat()

        fund_generated_at = self.fund_generated_at.isoformat()

        data_as_of: None | str
        data_as_of = self.data_as_of

        links = self.links.to_dict()

        iframe = self.iframe

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "isin": isin,
                "name": name,
                "issuer": issuer,
                "language": language,
                "format": format_,
                "favorite": favorite,
                "createdAt": created_at,
                "fundGeneratedAt": fund_generated_at,
                "dataAsOf": data_as_of,
                "links": links,
                "iframe": iframe,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.factsheet_links import FactsheetLinks

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        isin = d.pop("isin")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        def _parse_issuer(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        issuer = _parse_issuer(d.pop("issuer"))

        language = FactsheetLanguage(d.pop("language"))

        format_ = FactsheetFormat(d.pop("format"))

        favorite = d.pop("favorite")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        fund_generated_at = datetime.datetime.fromisoformat(d.pop("fundGeneratedAt"))

        def _parse_data_as_of(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        data_as_of = _parse_data_as_of(d.pop("dataAsOf"))

        links = FactsheetLinks.from_dict(d.pop("links"))

        iframe = d.pop("iframe")

        factsheet = cls(
            id=id,
            isin=isin,
            name=name,
            issuer=issuer,
            language=language,
            format_=format_,
            favorite=favorite,
            created_at=created_at,
            fund_generated_at=fund_generated_at,
            data_as_of=data_as_of,
            links=links,
            iframe=iframe,
        )

        factsheet.additional_properties = d
        return factsheet

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
