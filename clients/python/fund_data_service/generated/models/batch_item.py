from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.batch_item_status import BatchItemStatus

if TYPE_CHECKING:
    from ..models.fund_data import FundData


T = TypeVar("T", bound="BatchItem")


@_attrs_define
class BatchItem:
    """The answer for one input of POST /funds: the ISIN it resolves to, its status and, when the status is ok, the fund
    factsheet

        Attributes:
            input_ (str): The string as sent
            isin (None | str): Canonical ISIN; null when the input is not a valid ISIN
            status (BatchItemStatus): ok: data stored (1 credit per distinct ISIN); not_found: no public data (1 credit);
                pending: cold, not loaded within the request budget (or wait false): warmed in the background, free, send it
                again later; invalid: not a valid ISIN (free); error: nothing is stored and the load failed (a source failed, or
                our job engine is down): free, retry later
            name (None | str):
            cached (bool): true when served from the store; false when loaded for this call
            generated_at (datetime.datetime | None):
            expires_at (datetime.datetime | None):
            data (FundData | None): The factsheet when status is ok; null otherwise
    """

    input_: str
    isin: None | str
    status: BatchItemStatus
    name: None | str
    cached: bool
    generated_at: datetime.datetime | None
    expires_at: datetime.datetime | None
    data: FundData | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.fund_data import FundData

        input_ = self.input_

        isin: None | str
        isin = self.isin

        status = self.status.value

        name: None | str
        name = self.name

        cached = self.cached

        generated_at: None | str
        if isinstance(self.generated_at, datetime.datetime):
            generated_at = self.generated_at.isoformat()
        else:
            generated_at = self.generated_at

        expires_at: None | str
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        data: dict[str, Any] | None
        if isinstance(self.data, FundData):
            data = self.data.to_dict()
        else:
            data = self.data

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "input": input_,
                "isin": isin,
                "status": status,
                "name": name,
                "cached": cached,
                "generatedAt": generated_at,
                "expiresAt": expires_at,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.fund_data import FundData

        d = dict(src_dict)
        input_ = d.pop("input")

        def _parse_isin(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        isin = _parse_isin(d.pop("isin"))

        status = BatchItemStatus(d.pop("status"))

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        cached = d.pop("cached")

        def _parse_generated_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                generated_at_type_0 = datetime.datetime.fromisoformat(data)

                return generated_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        generated_at = _parse_generated_at(d.pop("generatedAt"))

        def _parse_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        expires_at = _parse_expires_at(d.pop("expiresAt"))

        def _parse_data(data: object) -> FundData | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_0 = FundData.from_dict(data)

                return data_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FundData | None, data)

        data = _parse_data(d.pop("data"))

        batch_item = cls(
            input_=input_,
            isin=isin,
            status=status,
            name=name,
            cached=cached,
            generated_at=generated_at,
            expires_at=expires_at,
            data=data,
        )

        batch_item.additional_properties = d
        return batch_item

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
