from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.fund_data import FundData


T = TypeVar("T", bound="DemoEnvelope")


@_attrs_define
class DemoEnvelope:
    """Answer of the keyless GET /demo/funds/{isin}: the factsheet of a fund already stored, with its freshness; no plan or
    quota

        Attributes:
            isin (str):
            name (None | str):
            demo (bool):
            cached (bool):
            generated_at (datetime.datetime | None):
            expires_at (datetime.datetime | None):
            data (FundData): The fund factsheet: key facts, profile, holdings, exposure breakdowns, performance series, risk
                metrics and costs, with the provenance of each filled field. Scalars not disclosed are empty strings or null;
                lists not disclosed are empty
    """

    isin: str
    name: None | str
    demo: bool
    cached: bool
    generated_at: datetime.datetime | None
    expires_at: datetime.datetime | None
    data: FundData
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        isin = self.isin

        name: None | str
        name = self.name

        demo = self.demo

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

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "isin": isin,
                "name": name,
                "demo": demo,
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
        isin = d.pop("isin")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        demo = d.pop("demo")

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

        data = FundData.from_dict(d.pop("data"))

        demo_envelope = cls(
            isin=isin,
            name=name,
            demo=demo,
            cached=cached,
            generated_at=generated_at,
            expires_at=expires_at,
            data=data,
        )

        demo_envelope.additional_properties = d
        return demo_envelope

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
