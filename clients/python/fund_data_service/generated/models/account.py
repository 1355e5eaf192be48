from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.account_plan import AccountPlan
    from ..models.account_usage import AccountUsage
    from ..models.quota import Quota


T = TypeVar("T", bound="Account")


@_attrs_define
class Account:
    """The calling account (GET /me): its email, its plan, its credit quota and its usage this month

    Attributes:
        email (str):
        plan (AccountPlan): The account's plan and its limits: monthly credits, requests per minute, batch size, overage
            price, and the quota in words
        quota (Quota): The calling account's credits after the call: the monthly allowance and what is left of it, usage
            and overage this month, the next reset and the per-minute burst allowance
        usage (AccountUsage): Usage this calendar month (UTC): billable requests so far, and when the month started
    """

    email: str
    plan: AccountPlan
    quota: Quota
    usage: AccountUsage
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        plan = self.plan.to_dict()

        quota = self.quota.to_dict()

        usage = self.usage.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "email": email,
                "plan": plan,
                "quota": quota,
                "usage": usage,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.account_plan import AccountPlan
        from ..models.account_usage import AccountUsage
        from ..models.quota import Quota

        d = dict(src_dict)
        email = d.pop("email")

        plan = AccountPlan.from_dict(d.pop("plan"))

        quota = Quota.from_dict(d.pop("quota"))

        usage = AccountUsage.from_dict(d.pop("usage"))

        account = cls(
            email=email,
            plan=plan,
            quota=quota,
            usage=usage,
        )

        account.additional_properties = d
        return account

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
