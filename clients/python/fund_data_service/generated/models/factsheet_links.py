from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="FactsheetLinks")


@_attrs_define
class FactsheetLinks:
    """Keyless links, unguessable (a 256-bit random token); they stop working when the sheet is deleted

    Attributes:
        html (str): The page, keyless; may not be framed by other sites
        pdf (str): The A4 PDF, keyless (printed on first use when the sheet was made as HTML)
        embed (str): The page for an <iframe> on any site, keyless
    """

    html: str
    pdf: str
    embed: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        html = self.html

        pdf = self.pdf

        embed = self.embed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "html": html,
                "pdf": pdf,
                "embed": embed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        html = d.pop("html")

        pdf = d.pop("pdf")

        embed = d.pop("embed")

        factsheet_links = cls(
            html=html,
            pdf=pdf,
            embed=embed,
        )

        factsheet_links.additional_properties = d
        return factsheet_links

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
