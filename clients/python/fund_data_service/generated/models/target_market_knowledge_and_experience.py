from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TargetMarketKnowledgeAndExperience")


@_attrs_define
class TargetMarketKnowledgeAndExperience:
    """Knowledge and experience (EMT section 2)

    Attributes:
        basic (None | str): Basic investors (02010): Y (compatible), N (not compatible) or Neutral
        informed (None | str): Informed investors (02020): Y (compatible), N (not compatible) or Neutral
        advanced (None | str): Advanced investors (02030): Y (compatible), N (not compatible) or Neutral
    """

    basic: None | str
    informed: None | str
    advanced: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        basic: None | str
        basic = self.basic

        informed: None | str
        informed = self.informed

        advanced: None | str
        advanced = self.advanced

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "basic": basic,
                "informed": informed,
                "advanced": advanced,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_basic(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        basic = _parse_basic(d.pop("basic"))

        def _parse_informed(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        informed = _parse_informed(d.pop("informed"))

        def _parse_advanced(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        advanced = _parse_advanced(d.pop("advanced"))

        target_market_knowledge_and_experience = cls(
            basic=basic,
            informed=informed,
            advanced=advanced,
        )

        target_market_knowledge_and_experience.additional_properties = d
        return target_market_knowledge_and_experience

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
