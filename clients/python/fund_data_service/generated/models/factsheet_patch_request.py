from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="FactsheetPatchRequest")


@_attrs_define
class FactsheetPatchRequest:
    """Body of PATCH /factsheets/{id}: star the sheet (favorite true) or unstar it (false)

    Attributes:
        favorite (bool):
    """

    favorite: bool

    def to_dict(self) -> dict[str, Any]:
        favorite = self.favorite

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "favorite": favorite,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        favorite = d.pop("favorite")

        factsheet_patch_request = cls(
            favorite=favorite,
        )

        return factsheet_patch_request
