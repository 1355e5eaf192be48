from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_action_request_action import WebhookActionRequestAction
from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookActionRequest")


@_attrs_define
class WebhookActionRequest:
    """Body of POST /webhooks/{id}: the action to run on the endpoint; an empty body runs test

    Attributes:
        action (WebhookActionRequestAction | Unset): What to do with a webhook endpoint: test sends it a test delivery
            (the default), enable resumes its deliveries, disable stops them
    """

    action: WebhookActionRequestAction | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        action: str | Unset = UNSET
        if not isinstance(self.action, Unset):
            action = self.action.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if action is not UNSET:
            field_dict["action"] = action

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        _action = d.pop("action", UNSET)
        action: WebhookActionRequestAction | Unset
        if isinstance(_action, Unset):
            action = UNSET
        else:
            action = WebhookActionRequestAction(_action)

        webhook_action_request = cls(
            action=action,
        )

        webhook_action_request.additional_properties = d
        return webhook_action_request

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
