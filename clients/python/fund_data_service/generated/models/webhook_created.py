from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.change_event import ChangeEvent

T = TypeVar("T", bound="WebhookCreated")


@_attrs_define
class WebhookCreated:
    """A webhook endpoint just created, with its signing secret: the only answer that shows it

    Attributes:
        id (str):
        url (str):
        events (list[ChangeEvent]):
        isins (list[str] | None): null: every fund
        active (bool): A new endpoint starts active. Disabled by the owner (action disable) or after its sixth failed
            delivery
        created_at (datetime.datetime):
        secret (str): The signing secret, shown this once: deliveries carry X-Service-Signature t=<unix>,v1=<hex HMAC-
            SHA256 of "<t>.<raw body>"> keyed with it
    """

    id: str
    url: str
    events: list[ChangeEvent]
    isins: list[str] | None
    active: bool
    created_at: datetime.datetime
    secret: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        url = self.url

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.value
            events.append(events_item)

        isins: list[str] | None
        if isinstance(self.isins, list):
            isins = self.isins

        else:
            isins = self.isins

        active = self.active

        created_at = self.created_at.isoformat()

        secret = self.secret

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "url": url,
                "events": events,
                "isins": isins,
                "active": active,
                "createdAt": created_at,
                "secret": secret,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        url = d.pop("url")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = ChangeEvent(events_item_data)

            events.append(events_item)

        def _parse_isins(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                isins_type_0 = cast(list[str], data)

                return isins_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        isins = _parse_isins(d.pop("isins"))

        active = d.pop("active")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        secret = d.pop("secret")

        webhook_created = cls(
            id=id,
            url=url,
            events=events,
            isins=isins,
            active=active,
            created_at=created_at,
            secret=secret,
        )

        webhook_created.additional_properties = d
        return webhook_created

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
