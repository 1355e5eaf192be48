from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BatchRequest")


@_attrs_define
class BatchRequest:
    """Body of POST /funds: the ISINs to answer in one call, and whether to wait for the cold ones

    Attributes:
        isins (list[str]): ISINs (or anything: inputs that are not valid ISINs are answered `invalid`, but a call
            without one valid ISIN is 400 invalid_isin), 1 to the plan batch size (batchMax: free 1, starter 10, pro 50,
            scale 200, enterprise 1,000)
        wait (bool | Unset): false: answer cold ISINs as pending at once (warmed in the background); true: load them
            within the request budget. Default: true.
    """

    isins: list[str]
    wait: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        isins = self.isins

        wait = self.wait

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "isins": isins,
            }
        )
        if wait is not UNSET:
            field_dict["wait"] = wait

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        isins = cast(list[str], d.pop("isins"))

        wait = d.pop("wait", UNSET)

        batch_request = cls(
            isins=isins,
            wait=wait,
        )

        batch_request.additional_properties = d
        return batch_request

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
