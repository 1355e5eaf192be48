from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.change_event import ChangeEvent

T = TypeVar("T", bound="Change")


@_attrs_define
class Change:
    """One row of the change feed: a tracked field of a fund that a refresh changed (fund.changed), or its as-of date that
    moved (fund.refreshed), with the old and new values as text

        Attributes:
            id (int): Ascending in publication order
            isin (str):
            name (None | str):
            event (ChangeEvent): What happened to a fund on a refresh: fund.changed (a tracked field changed: TER, risk
                rating, fund size, manager, income treatment, number of holdings, benchmark, objective or the top-5 holdings) or
                fund.refreshed (its as-of date, dataAsOf, moved)
            field (str): Dotted path of the tracked field, or dataAsOf for fund.refreshed
            old (str):
            new (str):
            data_as_of (str):
            changed_at (str): ISO 8601, UTC, six decimals: strictly increasing with id, so no two changes share an instant
    """

    id: int
    isin: str
    name: None | str
    event: ChangeEvent
    field: str
    old: str
    new: str
    data_as_of: str
    changed_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        isin = self.isin

        name: None | str
        name = self.name

        event = self.event.value

        field = self.field

        old = self.old

        new = self.new

        data_as_of = self.data_as_of

        changed_at = self.changed_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "isin": isin,
                "name": name,
                "event": event,
                "field": field,
                "old": old,
                "new": new,
                "dataAsOf": data_as_of,
                "changedAt": changed_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        isin = d.pop("isin")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        event = ChangeEvent(d.pop("event"))

        field = d.pop("field")

        old = d.pop("old")

        new = d.pop("new")

        data_as_of = d.pop("dataAsOf")

        changed_at = d.pop("changedAt")

        change = cls(
            id=id,
            isin=isin,
            name=name,
            event=event,
            field=field,
            old=old,
            new=new,
            data_as_of=data_as_of,
            changed_at=changed_at,
        )

        change.additional_properties = d
        return change

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
