from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.fund_data import FundData


T = TypeVar("T", bound="ExportLine")


@_attrs_define
class ExportLine:
    """One line of GET /export: a stored fund as JSON on one line, ended by a line feed

    Attributes:
        isin (str):
        name (None | str):
        generated_at (datetime.datetime):
        expires_at (datetime.datetime):
        data (FundData): The fund factsheet: key facts, profile, holdings, exposure breakdowns, performance series, risk
            metrics and costs, with the provenance of each filled field. Scalars not disclosed are empty strings or null;
            lists not disclosed are empty
    """

    isin: str
    name: None | str
    generated_at: datetime.datetime
    expires_at: datetime.datetime
    data: FundData
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        isin = self.isin

        name: None | str
        name = self.name

        generated_at = self.generated_at.isoformat()

        expires_at = self.expires_at.isoformat()

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "isin": isin,
                "name": name,
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

        generated_at = datetime.datetime.fromisoformat(d.pop("generatedAt"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        data = FundData.from_dict(d.pop("data"))

        export_line = cls(
            isin=isin,
            name=name,
            generated_at=generated_at,
            expires_at=expires_at,
            data=data,
        )

        export_line.additional_properties = d
        return export_line

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
