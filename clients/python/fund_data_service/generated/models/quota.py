from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.quota_burst import QuotaBurst


T = TypeVar("T", bound="Quota")


@_attrs_define
class Quota:
    """The calling account's credits after the call: the monthly allowance and what is left of it, usage and overage this
    month, the next reset and the per-minute burst allowance

        Attributes:
            limit (int | None): Credits per month; null means metered/unlimited
            remaining (int | None):
            used (int):
            overage_used (int):
            reset_at (datetime.datetime):
            burst (QuotaBurst): The per-minute burst allowance of the key: requests per minute, and requests left this
                minute
    """

    limit: int | None
    remaining: int | None
    used: int
    overage_used: int
    reset_at: datetime.datetime
    burst: QuotaBurst
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        limit: int | None
        limit = self.limit

        remaining: int | None
        remaining = self.remaining

        used = self.used

        overage_used = self.overage_used

        reset_at = self.reset_at.isoformat()

        burst = self.burst.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "limit": limit,
                "remaining": remaining,
                "used": used,
                "overageUsed": overage_used,
                "resetAt": reset_at,
                "burst": burst,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.quota_burst import QuotaBurst

        d = dict(src_dict)

        def _parse_limit(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        limit = _parse_limit(d.pop("limit"))

        def _parse_remaining(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        remaining = _parse_remaining(d.pop("remaining"))

        used = d.pop("used")

        overage_used = d.pop("overageUsed")

        reset_at = datetime.datetime.fromisoformat(d.pop("resetAt"))

        burst = QuotaBurst.from_dict(d.pop("burst"))

        quota = cls(
            limit=limit,
            remaining=remaining,
            used=used,
            overage_used=overage_used,
            reset_at=reset_at,
            burst=burst,
        )

        quota.additional_properties = d
        return quota

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
