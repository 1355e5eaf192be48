from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.error_code import ErrorCode
from ..models.error_reason import ErrorReason
from ..models.plan_id import PlanId
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.error_issue import ErrorIssue
    from ..models.factsheet import Factsheet
    from ..models.fund_data import FundData


T = TypeVar("T", bound="Error")


@_attrs_define
class Error:
    """The body of every error answer: a stable `code` and a `message` for people, plus the fields some codes carry:
    reason, retryAfter and resetAt (rate_limited; retryAfter also on service_unavailable), batchMax (batch_too_large),
    requiredPlan (plan_required), issues (invalid_body), data (fund_not_found: the empty FundData skeleton) and
    factsheet (pdf_unavailable: the saved HTML sheet, with its keyless links)

        Attributes:
            code (ErrorCode): What went wrong, one of a fixed list: switch on it (message is for people)
            message (str):
            request_id (str | Unset):
            reason (ErrorReason | Unset): Why a request was rate limited (429): credits_exhausted (the monthly credits are
                used up), overage_cap (the overage cap is reached) or burst (the per-minute limit is hit)
            retry_after (int | Unset): Seconds to wait (429, 503)
            reset_at (datetime.datetime | Unset):
            batch_max (int | Unset):
            required_plan (PlanId | Unset): A subscription plan. It sets the monthly credits, the batch size and the
                features: the change feed, webhooks and export need scale or enterprise, extraction needs pro or higher
            issues (list[ErrorIssue] | Unset):
            data (FundData | Unset): The fund factsheet: key facts, profile, holdings, exposure breakdowns, performance
                series, risk metrics and costs, with the provenance of each filled field. Scalars not disclosed are empty
                strings or null; lists not disclosed are empty
            factsheet (Factsheet | Unset): A saved factsheet. It keeps a snapshot of the fund data it was made from; every
                document is rendered from that snapshot, so its figures never change
    """

    code: ErrorCode
    message: str
    request_id: str | Unset = UNSET
    reason: ErrorReason | Unset = UNSET
    retry_after: int | Unset = UNSET
    reset_at: datetime.datetime | Unset = UNSET
    batch_max: int | Unset = UNSET
    required_plan: PlanId | Unset = UNSET
    issues: list[ErrorIssue] | Unset = UNSET
    data: FundData | Unset = UNSET
    factsheet: Factsheet | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code.value

        message = self.message

        request_id = self.request_id

        reason: str | Unset = UNSET
        if not isinstance(self.reason, Unset):
            reason = self.reason.value

        retry_after = self.retry_after

        reset_at: str | Unset = UNSET
        if not isinstance(self.reset_at, Unset):
            reset_at = self.reset_at.isoformat()

        batch_max = self.batch_max

        required_plan: str | Unset = UNSET
        if not isinstance(self.required_plan, Unset):
            required_plan = self.required_plan.value

        issues: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.issues, Unset):
            issues = []
            for issues_item_data in self.issues:
                issues_item = issues_item_data.to_dict()
                issues.append(issues_item)

        data: dict[str, Any] | Unset = UNSET
        if not isinstance(self.data, Unset):
            data = self.data.to_dict()

        factsheet: dict[str, Any] | Unset = UNSET
        if not isinstance(self.factsheet, Unset):
            factsheet = self.factsheet.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "message": message,
            }
        )
        if request_id is not UNSET:
            field_dict["requestId"] = request_id
        if reason is not UNSET:
            field_dict["reason"] = reason
        if retry_after is not UNSET:
            field_dict["retryAfter"] = retry_after
        if reset_at is not UNSET:
            field_dict["resetAt"] = reset_at
        if batch_max is not UNSET:
            field_dict["batchMax"] = batch_max
        if required_plan is not UNSET:
            field_dict["requiredPlan"] = required_plan
        if issues is not UNSET:
            field_dict["issues"] = issues
        if data is not UNSET:
            field_dict["data"] = data
        if factsheet is not UNSET:
            field_dict["factsheet"] = factsheet

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.error_issue import ErrorIssue
        from ..models.factsheet import Factsheet
        from ..models.fund_data import FundData

        d = dict(src_dict)
        code = ErrorCode(d.pop("code"))

        message = d.pop("message")

        request_id = d.pop("requestId", UNSET)

        _reason = d.pop("reason", UNSET)
        reason: ErrorReason | Unset
        if isinstance(_reason, Unset):
            reason = UNSET
        else:
            reason = ErrorReason(_reason)

        retry_after = d.pop("retryAfter", UNSET)

        _reset_at = d.pop("resetAt", UNSET)
        reset_at: datetime.datetime | Unset
        if isinstance(_reset_at, Unset):
            reset_at = UNSET
        else:
            reset_at = datetime.datetime.fromisoformat(_reset_at)

        batch_max = d.pop("batchMax", UNSET)

        _required_plan = d.pop("requiredPlan", UNSET)
        required_plan: PlanId | Unset
        if isinstance(_required_plan, Unset):
            required_plan = UNSET
        else:
            required_plan = PlanId(_required_plan)

        _issues = d.pop("issues", UNSET)
        issues: list[ErrorIssue] | Unset = UNSET
        if _issues is not UNSET:
            issues = []
            for issues_item_data in _issues:
                issues_item = ErrorIssue.from_dict(issues_item_data)

                issues.append(issues_item)

        _data = d.pop("data", UNSET)
        data: FundData | Unset
        if isinstance(_data, Unset):
            data = UNSET
        else:
            data = FundData.from_dict(_data)

        _factsheet = d.pop("factsheet", UNSET)
        factsheet: Factsheet | Unset
        if isinstance(_factsheet, Unset):
            factsheet = UNSET
        else:
            factsheet = Factsheet.from_dict(_factsheet)

        error = cls(
            code=code,
            message=message,
            request_id=request_id,
            reason=reason,
            retry_after=retry_after,
            reset_at=reset_at,
            batch_max=batch_max,
            required_plan=required_plan,
            issues=issues,
            data=data,
            factsheet=factsheet,
        )

        error.additional_properties = d
        return error

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
