from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WebhookActionResult")


@_attrs_define
class WebhookActionResult:
    """Answer of POST /webhooks/{id}: the endpoint's state after the action. delivered and status are those of the test
    delivery (false and null for enable and disable)

        Attributes:
            id (str):
            delivered (bool):
            status (int | None):
            active (bool):
    """

    id: str
    delivered: bool
    status: int | None
    active: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        delivered = self.delivered

        status: int | None
        status = self.status

        active = self.active

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "delivered": delivered,
                "status": status,
                "active": active,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        delivered = d.pop("delivered")

        def _parse_status(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        status = _parse_status(d.pop("status"))

        active = d.pop("active")

        webhook_action_result = cls(
            id=id,
            delivered=delivered,
            status=status,
            active=active,
        )

        webhook_action_result.additional_properties = d
        return webhook_action_result

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
