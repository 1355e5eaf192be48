from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.plan_id import PlanId

if TYPE_CHECKING:
    from ..models.change import Change
    from ..models.quota import Quota


T = TypeVar("T", bound="ChangeFeedResponse")


@_attrs_define
class ChangeFeedResponse:
    """Answer of GET /changes: a page of changes in publication order, the cursor for the next page, and the caller's plan
    and quota

        Attributes:
            since (str): The instant the page starts after (the default resolved)
            count (int):
            has_more (bool):
            next_since (str): Send as since for the next page: the instant of the last change returned (since itself when
                none)
            changes (list[Change]):
            plan (PlanId): A subscription plan. It sets the monthly credits, the batch size and the features: the change
                feed, webhooks and export need scale or enterprise, extraction needs pro or higher
            quota (Quota): The calling account's credits after the call: the monthly allowance and what is left of it, usage
                and overage this month, the next reset and the per-minute burst allowance
    """

    since: str
    count: int
    has_more: bool
    next_since: str
    changes: list[Change]
    plan: PlanId
    quota: Quota
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        since = self.since

        count = self.count

        has_more = self.has_more

        next_since = self.next_since

        changes = []
        for changes_item_data in self.changes:
            changes_item = changes_item_data.to_dict()
            changes.append(changes_item)

        plan = self.plan.value

        quota = self.quota.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "since": since,
                "count": count,
                "hasMore": has_more,
                "nextSince": next_since,
                "changes": changes,
                "plan": plan,
                "quota": quota,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.change import Change
        from ..models.quota import Quota

        d = dict(src_dict)
        since = d.pop("since")

        count = d.pop("count")

        has_more = d.pop("hasMore")

        next_since = d.pop("nextSince")

        changes = []
        _changes = d.pop("changes")
        for changes_item_data in _changes:
            changes_item = Change.from_dict(changes_item_data)

            changes.append(changes_item)

        plan = PlanId(d.pop("plan"))

        quota = Quota.from_dict(d.pop("quota"))

        change_feed_response = cls(
            since=since,
            count=count,
            has_more=has_more,
            next_since=next_since,
            changes=changes,
            plan=plan,
            quota=quota,
        )

        change_feed_response.additional_properties = d
        return change_feed_response

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
