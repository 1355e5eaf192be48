from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.plan_id import PlanId

if TYPE_CHECKING:
    from ..models.extracted_document import ExtractedDocument
    from ..models.fund_data import FundData
    from ..models.quota import Quota


T = TypeVar("T", bound="ExtractResponse")


@_attrs_define
class ExtractResponse:
    """Answer of POST /extract: the FundData read from one document, how many fields it filled, the credits charged, and
    the caller's plan and quota

        Attributes:
            document (ExtractedDocument): The document read: its label (the file name, the URL, or "text"), its kind, and
                its number of pages and of characters of text
            isin (None | str):
            name (None | str):
            fields_filled (int):
            credits_ (int):
            data (FundData): The fund factsheet: key facts, profile, holdings, exposure breakdowns, performance series, risk
                metrics and costs, with the provenance of each filled field. Scalars not disclosed are empty strings or null;
                lists not disclosed are empty
            plan (PlanId): A subscription plan. It sets the monthly credits, the batch size and the features: the change
                feed, webhooks and export need scale or enterprise, extraction needs pro or higher
            quota (Quota): The calling account's credits after the call: the monthly allowance and what is left of it, usage
                and overage this month, the next reset and the per-minute burst allowance
    """

    document: ExtractedDocument
    isin: None | str
    name: None | str
    fields_filled: int
    credits_: int
    data: FundData
    plan: PlanId
    quota: Quota
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        document = self.document.to_dict()

        isin: None | str
        isin = self.isin

        name: None | str
        name = self.name

        fields_filled = self.fields_filled

        credits_ = self.credits_

        data = self.data.to_dict()

        plan = self.plan.value

        quota = self.quota.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "document": document,
                "isin": isin,
                "name": name,
                "fieldsFilled": fields_filled,
                "credits": credits_,
                "data": data,
                "plan": plan,
                "quota": quota,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.extracted_document import ExtractedDocument
        from ..models.fund_data import FundData
        from ..models.quota import Quota

        d = dict(src_dict)
        document = ExtractedDocument.from_dict(d.pop("document"))

        def _parse_isin(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        isin = _parse_isin(d.pop("isin"))

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        fields_filled = d.pop("fieldsFilled")

        credits_ = d.pop("credits")

        data = FundData.from_dict(d.pop("data"))

        plan = PlanId(d.pop("plan"))

        quota = Quota.from_dict(d.pop("quota"))

        extract_response = cls(
            document=document,
            isin=isin,
            name=name,
            fields_filled=fields_filled,
            credits_=credits_,
            data=data,
            plan=plan,
            quota=quota,
        )

        extract_response.additional_properties = d
        return extract_response

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
