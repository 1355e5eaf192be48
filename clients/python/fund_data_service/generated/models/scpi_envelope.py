from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.plan_id import PlanId

if TYPE_CHECKING:
    from ..models.quota import Quota
    from ..models.scpi_data import ScpiData


T = TypeVar("T", bound="ScpiEnvelope")


@_attrs_define
class ScpiEnvelope:
    """Answer of GET /scpi/{idOrIsin}: the SCPI's data with its identifiers and freshness, and the caller's plan and quota
    after the call

        Attributes:
            id (str): Slug of the SCPI (lower case, ASCII, hyphens), its stable identifier
            isin (None | str):
            name (str):
            cached (bool):
            generated_at (datetime.datetime):
            expires_at (datetime.datetime):
            plan (PlanId): A subscription plan. It sets the monthly credits, the batch size and the features: the change
                feed, webhooks and export need scale or enterprise, extraction needs pro or higher
            quota (Quota): The calling account's credits after the call: the monthly allowance and what is left of it, usage
                and overage this month, the next reset and the per-minute burst allowance
            data (ScpiData): Data of an SCPI (a French real-estate fund) from its periodic bulletin, DIC, annual report and
                information note: key facts, performance, portfolio, fees, debt, liquidity and distribution detail, with the
                provenance of each filled field. Scalars are null and lists empty when the documents do not state a value
    """

    id: str
    isin: None | str
    name: str
    cached: bool
    generated_at: datetime.datetime
    expires_at: datetime.datetime
    plan: PlanId
    quota: Quota
    data: ScpiData
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        isin: None | str
        isin = self.isin

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
                "id": id,
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
        from ..models.quota import Quota
        from ..models.scpi_data import ScpiData

        d = dict(src_dict)
        id = d.pop("id")

        def _parse_isin(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        isin = _parse_isin(d.pop("isin"))

        name = d.pop("name")

        cached = d.pop("cached")

        generated_at = datetime.datetime.fromisoformat(d.pop("generatedAt"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        plan = PlanId(d.pop("plan"))

        quota = Quota.from_dict(d.pop("quota"))

        data = ScpiData.from_dict(d.pop("data"))

        scpi_envelope = cls(
            id=id,
            isin=isin,
            name=name,
            cached=cached,
            generated_at=generated_at,
            expires_at=expires_at,
            plan=plan,
            quota=quota,
            data=data,
        )

        scpi_envelope.additional_properties = d
        return scpi_envelope

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
