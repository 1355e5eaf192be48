from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.change_event import ChangeEvent
from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookCreateRequest")


@_attrs_define
class WebhookCreateRequest:
    """Body of POST /webhooks: the https URL events are delivered to, the events to receive and, optionally, the funds to
    receive them for

        Attributes:
            url (str): https URL the events are POSTed to (plain http only to a loopback host, and only when
                WEBHOOKS_ALLOW_LOOPBACK_HTTP=1, for development)
            events (list[ChangeEvent] | Unset): Events to receive; default both. Default: ["fund.changed","fund.refreshed"].
            isins (list[str] | None | Unset): Funds to receive events for (1 to 1,000); omit (or null) for every fund
    """

    url: str
    events: list[ChangeEvent] | Unset = UNSET
    isins: list[str] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        events: list[str] | Unset = UNSET
        if not isinstance(self.events, Unset):
            events = []
            for events_item_data in self.events:
                events_item = events_item_data.value
                events.append(events_item)

        isins: list[str] | None | Unset
        if isinstance(self.isins, Unset):
            isins = UNSET
        elif isinstance(self.isins, list):
            isins = self.isins

        else:
            isins = self.isins

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "url": url,
            }
        )
        if events is not UNSET:
            field_dict["events"] = events
        if isins is not UNSET:
            field_dict["isins"] = isins

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        url = d.pop("url")

        _events = d.pop("events", UNSET)
        events: list[ChangeEvent] | Unset = UNSET
        if _events is not UNSET:
            events = []
            for events_item_data in _events:
                events_item = ChangeEvent(events_item_data)

                events.append(events_item)

        def _parse_isins(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                isins_type_0 = cast(list[str], data)

                return isins_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        isins = _parse_isins(d.pop("isins", UNSET))

        webhook_create_request = cls(
            url=url,
            events=events,
            isins=isins,
        )

        webhook_create_request.additional_properties = d
        return webhook_create_request

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
