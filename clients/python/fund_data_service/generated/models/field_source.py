from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.field_source_method import FieldSourceMethod
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.field_conflict import FieldConflict
    from ..models.other_share_class import OtherShareClass


T = TypeVar("T", bound="FieldSource")


@_attrs_define
class FieldSource:
    """Where the value of one filled field came from: the source document (by content hash), its kind, origin, page and
    date, and how the value was read

        Attributes:
            document (str): Content hash (sha256) of the source document
            kind (str):
            origin (str):
            page (int | None):
            as_of (None | str):
            language (str | Unset): Language of the document the value was read from (ISO 639-1), for KIDs and KIIDs
            method (FieldSourceMethod | Unset): How the value was obtained: `text` read from the document's text, `graphic`
                read from its drawing (a risk scale whose class is only shaded), `fallback` derived by the asset-class rule of
                /docs/methodology because no document states it
            row (int | Unset): Row of a FinDatEx file: the spreadsheet row (header row included) for CSV and XLSX, the
                1-based record for JSON and YAML
            column (str | Unset): Column of a FinDatEx file: the template field it came from, e.g. 01090_SRI
            recipe (str | Unset): The issuer recipe that fetched the document from its manager's server (`origin` is the URL
                it came from)
            fetched_at (datetime.datetime | Unset): When that recipe downloaded the document (a later check that found it
                unchanged keeps this date)
            conflicts (list[FieldConflict] | Unset): Other documents of the fund that state a different value for this field
                (the quoted one is chosen by the order in /docs/methodology); absent when they all agree
            other_share_classes (list[OtherShareClass] | Unset): What the same document states for the fund's other share
                classes or plans (a factsheet's TER per plan); the field holds the one asked for
            skipped (str | Unset): Only on the entries `skipped.<document hash>`: why that document was left out (it could
                not be read); the payload was built from the fund's other documents
    """

    document: str
    kind: str
    origin: str
    page: int | None
    as_of: None | str
    language: str | Unset = UNSET
    method: FieldSourceMethod | Unset = UNSET
    row: int | Unset = UNSET
    column: str | Unset = UNSET
    recipe: str | Unset = UNSET
    fetched_at: datetime.datetime | Unset = UNSET
    conflicts: list[FieldConflict] | Unset = UNSET
    other_share_classes: list[OtherShareClass] | Unset = UNSET
    skipped: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        document = self.document

        kind = self.kind

        origin = self.origin

        page: int | None
        page = self.page

        as_of: None | str
        as_of = self.as_of

        language = self.language

        method: str | Unset = UNSET
        if not isinstance(self.method, Unset):
            method = self.method.value

        row = self.row

        column = self.column

        recipe = self.recipe

        fetched_at: str | Unset = UNSET
        if not isinstance(self.fetched_at, Unset):
            fetched_at = self.fetched_at.isoformat()

        conflicts: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.conflicts, Unset):
            conflicts = []
            for conflicts_item_data in self.conflicts:
                conflicts_item = conflicts_item_data.to_dict()
                conflicts.append(conflicts_item)

        other_share_classes: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.other_share_classes, Unset):
            other_share_classes = []
            for other_share_classes_item_data in self.other_share_classes:
                other_share_classes_item = other_share_classes_item_data.to_dict()
                other_share_classes.append(other_share_classes_item)

        skipped = self.skipped

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "document": document,
                "kind": kind,
                "origin": origin,
                "page": page,
                "asOf": as_of,
            }
        )
        if language is not UNSET:
            field_dict["language"] = language
        if method is not UNSET:
            field_dict["method"] = method
        if row is not UNSET:
            field_dict["row"] = row
        if column is not UNSET:
            field_dict["column"] = column
        if recipe is not UNSET:
            field_dict["recipe"] = recipe
        if fetched_at is not UNSET:
            field_dict["fetchedAt"] = fetched_at
        if conflicts is not UNSET:
            field_dict["conflicts"] = conflicts
        if other_share_classes is not UNSET:
            field_dict["otherShareClasses"] = other_share_classes
        if skipped is not UNSET:
            field_dict["skipped"] = skipped

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.field_conflict import FieldConflict
        from ..models.other_share_class import OtherShareClass

        d = dict(src_dict)
        document = d.pop("document")

        kind = d.pop("kind")

        origin = d.pop("origin")

        def _parse_page(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        page = _parse_page(d.pop("page"))

        def _parse_as_of(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        as_of = _parse_as_of(d.pop("asOf"))

        language = d.pop("language", UNSET)

        _method = d.pop("method", UNSET)
        method: FieldSourceMethod | Unset
        if isinstance(_method, Unset):
            method = UNSET
        else:
            method = FieldSourceMethod(_method)

        row = d.pop("row", UNSET)

        column = d.pop("column", UNSET)

        recipe = d.pop("recipe", UNSET)

        _fetched_at = d.pop("fetchedAt", UNSET)
        fetched_at: datetime.datetime | Unset
        if isinstance(_fetched_at, Unset):
            fetched_at = UNSET
        else:
            fetched_at = datetime.datetime.fromisoformat(_fetched_at)

        _conflicts = d.pop("conflicts", UNSET)
        conflicts: list[FieldConflict] | Unset = UNSET
        if _conflicts is not UNSET:
            conflicts = []
            for conflicts_item_data in _conflicts:
                conflicts_item = FieldConflict.from_dict(conflicts_item_data)

                conflicts.append(conflicts_item)

        _other_share_classes = d.pop("otherShareClasses", UNSET)
        other_share_classes: list[OtherShareClass] | Unset = UNSET
        if _other_share_classes is not UNSET:
            other_share_classes = []
            for other_share_classes_item_data in _other_share_classes:
                other_share_classes_item = OtherShareClass.from_dict(
                    other_share_classes_item_data
                )

                other_share_classes.append(other_share_classes_item)

        skipped = d.pop("skipped", UNSET)

        field_source = cls(
            document=document,
            kind=kind,
            origin=origin,
            page=page,
            as_of=as_of,
            language=language,
            method=method,
            row=row,
            column=column,
            recipe=recipe,
            fetched_at=fetched_at,
            conflicts=conflicts,
            other_share_classes=other_share_classes,
            skipped=skipped,
        )

        field_source.additional_properties = d
        return field_source

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
