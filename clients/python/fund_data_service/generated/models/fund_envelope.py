from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.plan_id import PlanId

if TYPE_CHECKING:
    from ..models.fund_data import FundData
    from ..models.quota import Quota


T = TypeVar("T", bound="FundEnvelope")


@_attrs_define
class FundEnvelope:
    """Answer of GET /funds/{isin}: the fund factsheet with the ISIN resolved, its freshness (cached, generatedAt,
    expiresAt), and the caller's plan and quota after the call

        Attributes:
            isin (str):
            name (None | str):
            cached (bool):
            generated_at (datetime.datetime):
            expires_at (datetime.datetime):
            plan (PlanId): A subscription plan. It sets the monthly credits, the batch size and the features: the change
                feed, webhooks and export need scale or enterprise, extraction needs pro or higher
            quota (Quota): The calling account's credits after the call: the monthly allowance and what is left of it, usage
                and overage this month, the next reset and the per-minute burst allowance
            data (FundData): The fund factsheet: key facts, profile, holdings, exposure breakdowns, performance series, risk
                metrics and costs, with the provenance of each filled field. Scalars not disclosed are empty strings or null;
                lists not disclosed are empty
    """

    isin: str
    name: None | str
    cached: bool
    generated_at: datetime.datetime
    expires_at: datetime.datetime
    plan: PlanId
    quota: Quota
    data: FundData
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        isin = self.isin

        name: None | str
        name = self.name

        cached = self.cached

        generated_at = self.generated_at.isoformat()

        expires_at = self.expires_at.isoformat()

        plan = self.plan.value

        quota = self.quota.to_dict()

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "isin": isin,
                "name": name,
                "cached": cached,
                "generatedAt": generated_at,
                "expiresAt": expires_at,
                "plan": plan,
                "quota": quota,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.fund_data import FundData
        from ..models.quota import Quota

        d = dict(src_dict)
        isin = d.pop("isin")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        cached = d.pop("cached")

        generated_at = datetime.datetime.fromisoformat(d.pop("generatedAt"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        plan = PlanId(d.pop("plan"))

        quota = Quota.from_dict(d.pop("quota"))

        data = FundData.from_dict(d.pop("data"))

        fund_envelope = cls(
            isin=isin,
            name=name,
            cached=cached,
            generated_at=generated_at,
            expires_at=expires_at,
            plan=plan,
            quota=quota,
            data=data,
        )

        fund_envelope.additional_properties = d
        return fund_envelope

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
