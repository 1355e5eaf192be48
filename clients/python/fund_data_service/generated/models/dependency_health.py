from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.dependency_status import DependencyStatus

T = TypeVar("T", bound="DependencyHealth")


@_attrs_define
class DependencyHealth:
    """The state of one dependency of the service: up or down, and since when

    Attributes:
        status (DependencyStatus): Whether the dependency answers its probe: up or down
        since (datetime.datetime): When the dependency entered this status
    """

    status: DependencyStatus
    since: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        since = self.since.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
                "since": since,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        status = DependencyStatus(d.pop("status"))

        since = datetime.datetime.fromisoformat(d.pop("since"))

        dependency_health = cls(
            status=status,
            since=since,
        )

        dependency_health.additional_properties = d
        return dependency_health

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
