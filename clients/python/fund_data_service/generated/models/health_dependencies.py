from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.dependency_health import DependencyHealth


T = TypeVar("T", bound="HealthDependencies")


@_attrs_define
class HealthDependencies:
    """The state of each dependency: Postgres (the main database), ClickHouse (the time series) and Temporal (the job
    engine that runs cold loads and extractions)

        Attributes:
            postgres (DependencyHealth): The state of one dependency of the service: up or down, and since when
            clickhouse (DependencyHealth): The state of one dependency of the service: up or down, and since when
            temporal (DependencyHealth): The state of one dependency of the service: up or down, and since when
    """

    postgres: DependencyHealth
    clickhouse: DependencyHealth
    temporal: DependencyHealth
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        postgres = self.postgres.to_dict()

        clickhouse = self.clickhouse.to_dict()

        temporal = self.temporal.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "postgres": postgres,
                "clickhouse": clickhouse,
                "temporal": temporal,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.dependency_health import DependencyHealth

        d = dict(src_dict)
        postgres = DependencyHealth.from_dict(d.pop("postgres"))

        clickhouse = DependencyHealth.from_dict(d.pop("clickhouse"))

        temporal = DependencyHealth.from_dict(d.pop("temporal"))

        health_dependencies = cls(
            postgres=postgres,
            clickhouse=clickhouse,
            temporal=temporal,
        )

        health_dependencies.additional_properties = d
        return health_dependencies

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
