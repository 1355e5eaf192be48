from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.overlap_pair_disclosed import OverlapPairDisclosed
    from ..models.shared_holding import SharedHolding


T = TypeVar("T", bound="OverlapPair")


@_attrs_define
class OverlapPair:
    """The overlap of two funds, a and b: the sum over their shared holdings of the smaller weight, the shared holdings,
    and how much of each portfolio was visible

        Attributes:
            a (str):
            b (str):
            overlap (float): Percent: sum over shared holdings of the smaller weight
            shared_count (int):
            shared (list[SharedHolding]): Largest first (by the smaller weight); at most 100 per pair
            disclosed (OverlapPairDisclosed): Percent of each fund's portfolio the comparison could see, a and b: the sum of
                the weights of its holding lines, at most 100
    """

    a: str
    b: str
    overlap: float
    shared_count: int
    shared: list[SharedHolding]
    disclosed: OverlapPairDisclosed
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        a = self.a

        b = self.b

        overlap = self.overlap

        shared_count = self.shared_count

        shared = []
        for shared_item_data in self.shared:
            shared_item = shared_item_data.to_dict()
            shared.append(shared_item)

        disclosed = self.disclosed.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "a": a,
                "b": b,
                "overlap": overlap,
                "sharedCount": shared_count,
                "shared": shared,
                "disclosed": disclosed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.overlap_pair_disclosed import OverlapPairDisclosed
        from ..models.shared_holding import SharedHolding

        d = dict(src_dict)
        a = d.pop("a")

        b = d.pop("b")

        overlap = d.pop("overlap")

        shared_count = d.pop("sharedCount")

        shared = []
        _shared = d.pop("shared")
        for shared_item_data in _shared:
            shared_item = SharedHolding.from_dict(shared_item_data)

            shared.append(shared_item)

        disclosed = OverlapPairDisclosed.from_dict(d.pop("disclosed"))

        overlap_pair = cls(
            a=a,
            b=b,
            overlap=overlap,
            shared_count=shared_count,
            shared=shared,
            disclosed=disclosed,
        )

        overlap_pair.additional_properties = d
        return overlap_pair

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
