from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.plan_id import PlanId

T = TypeVar("T", bound="AccountPlan")


@_attrs_define
class AccountPlan:
    """The account's plan and its limits: monthly credits, requests per minute, batch size, overage price, and the quota in
    words

        Attributes:
            id (PlanId): A subscription plan. It sets the monthly credits, the batch size and the features: the change feed,
                webhooks and export need scale or enterprise, extraction needs pro or higher
            name (str):
            credits_ (int | None): Credits per month; null for enterprise (metered, no ceiling)
            burst_per_minute (int):
            batch_max (int):
            overage_usd (float): Price in USD of one credit beyond the monthly allowance; 0 when the plan has no overage
            quota (str):
    """

    id: PlanId
    name: str
    credits_: int | None
    burst_per_minute: int
    batch_max: int
    overage_usd: float
    quota: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id.value

        name = self.name

        credits_: int | None
        credits_ = self.credits_

        burst_per_minute = self.burst_per_minute

        batch_max = self.batch_max

        overage_usd = self.overage_usd

        quota = self.quota

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "credits": credits_,
                "burstPerMinute": burst_per_minute,
                "batchMax": batch_max,
                "overageUsd": overage_usd,
                "quota": quota,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = PlanId(d.pop("id"))

        name = d.pop("name")

        def _parse_credits_(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        credits_ = _parse_credits_(d.pop("credits"))

        burst_per_minute = d.pop("burstPerMinute")

        batch_max = d.pop("batchMax")

        overage_usd = d.pop("overageUsd")

        quota = d.pop("quota")

        account_plan = cls(
            id=id,
            name=name,
            credits_=credits_,
            burst_per_minute=burst_per_minute,
            batch_max=batch_max,
            overage_usd=overage_usd,
            quota=quota,
        )

        account_plan.additional_properties = d
        return account_plan

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
