from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.plan_id import PlanId

if TYPE_CHECKING:
    from ..models.quota import Quota
    from ..models.scpi_search_hit import ScpiSearchHit


T = TypeVar("T", bound="ScpiSearchResponse")


@_attrs_define
class ScpiSearchResponse:
    """Answer of GET /scpi: the SCPI matching the query, and the caller's plan and quota

    Attributes:
        query (str):
        count (int):
        results (list[ScpiSearchHit]):
        plan (PlanId): A subscription plan. It sets the monthly credits, the batch size and the features: the change
            feed, webhooks and export need scale or enterprise, extraction needs pro or higher
        quota (Quota): The calling account's credits after the call: the monthly allowance and what is left of it, usage
            and overage this month, the next reset and the per-minute burst allowance
    """

    query: str
    count: int
    results: list[ScpiSearchHit]
    plan: PlanId
    quota: Quota
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        query = self.query

        count = self.count

        results = []
        for results_item_data in self.results:
            results_item = results_item_data.to_dict()
            results.append(results_item)

        plan = self.plan.value

        quota = self.quota.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "query": query,
                "count": count,
                "results": results,
                "plan": plan,
                "quota": quota,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.quota import Quota
        from ..models.scpi_search_hit import ScpiSearchHit

        d = dict(src_dict)
        query = d.pop("query")

        count = d.pop("count")

        results = []
        _results = d.pop("results")
        for results_item_data in _results:
            results_item = ScpiSearchHit.from_dict(results_item_data)

            results.append(results_item)

        plan = PlanId(d.pop("plan"))

        quota = Quota.from_dict(d.pop("quota"))

        scpi_search_response = cls(
            query=query,
            count=count,
            results=results,
            plan=plan,
            quota=quota,
        )

        scpi_search_response.additional_properties = d
        return scpi_search_response

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
