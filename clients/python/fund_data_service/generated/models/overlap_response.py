from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.plan_id import PlanId

if TYPE_CHECKING:
    from ..models.overlap_fund import OverlapFund
    from ..models.overlap_pair import OverlapPair
    from ..models.quota import Quota


T = TypeVar("T", bound="OverlapResponse")


@_attrs_define
class OverlapResponse:
    """Answer of GET /overlap: the funds compared and the holdings overlap of each pair of them, the ISINs not answered,
    the rules version, and the caller's plan and quota

        Attributes:
            funds (list[OverlapFund]):
            pairs (list[OverlapPair]):
            pending (list[str]):
            not_found (list[str]):
            failed (list[str]): Not answered: the load failed and nothing is stored (free; retry later). An addition to the
                contract
            note (str):
            rules (str):
            plan (PlanId): A subscription plan. It sets the monthly credits, the batch size and the features: the change
                feed, webhooks and export need scale or enterprise, extraction needs pro or higher
            quota (Quota): The calling account's credits after the call: the monthly allowance and what is left of it, usage
                and overage this month, the next reset and the per-minute burst allowance
    """

    funds: list[OverlapFund]
    pairs: list[OverlapPair]
    pending: list[str]
    not_found: list[str]
    failed: list[str]
    note: str
    rules: str
    plan: PlanId
    quota: Quota
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        funds = []
        for funds_item_data in self.funds:
            funds_item = funds_item_data.to_dict()
            funds.append(funds_item)

        pairs = []
        for pairs_item_data in self.pairs:
            pairs_item = pairs_item_data.to_dict()
            pairs.append(pairs_item)

        pending = self.pending

        not_found = self.not_found

        failed = self.failed

        note = self.note

        rules = self.rules

        plan = self.plan.value

        quota = self.quota.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "funds": funds,
                "pairs": pairs,
                "pending": pending,
                "notFound": not_found,
                "failed": failed,
                "note": note,
                "rules": rules,
                "plan": plan,
                "quota": quota,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.overlap_fund import OverlapFund
        from ..models.overlap_pair import OverlapPair
        from ..models.quota import Quota

        d = dict(src_dict)
        funds = []
        _funds = d.pop("funds")
        for funds_item_data in _funds:
            funds_item = OverlapFund.from_dict(funds_item_data)

            funds.append(funds_item)

        pairs = []
        _pairs = d.pop("pairs")
        for pairs_item_data in _pairs:
            pairs_item = OverlapPair.from_dict(pairs_item_data)

            pairs.append(pairs_item)

        pending = cast(list[str], d.pop("pending"))

        not_found = cast(list[str], d.pop("notFound"))

        failed = cast(list[str], d.pop("failed"))

        note = d.pop("note")

        rules = d.pop("rules")

        plan = PlanId(d.pop("plan"))

        quota = Quota.from_dict(d.pop("quota"))

        overlap_response = cls(
            funds=funds,
            pairs=pairs,
            pending=pending,
            not_found=not_found,
            failed=failed,
            note=note,
            rules=rules,
            plan=plan,
            quota=quota,
        )

        overlap_response.additional_properties = d
        return overlap_response

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
