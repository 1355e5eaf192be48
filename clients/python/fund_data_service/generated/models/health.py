from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.health_status import HealthStatus

if TYPE_CHECKING:
    from ..models.health_dependencies import HealthDependencies
    from ..models.recipe_health import RecipeHealth


T = TypeVar("T", bound="Health")


@_attrs_define
class Health:
    """Answer of GET /health: the overall status of the service, the state of each dependency, and how each issuer recipe
    fares

        Attributes:
            status (HealthStatus): ok: every dependency answers. degraded: ClickHouse or Temporal is down; stored payloads
                are still served, cold loads and extractions answer 503. unavailable: Postgres is down; every keyed request
                answers 503.
            dependencies (HealthDependencies): The state of each dependency: Postgres (the main database), ClickHouse (the
                time series) and Temporal (the job engine that runs cold loads and extractions)
            issuers (list[RecipeHealth]): The issuer recipes in use (ISSUERS) and how each fares: a manager whose server
                starts failing shows here. Empty when ISSUERS=off or Postgres is down.
    """

    status: HealthStatus
    dependencies: HealthDependencies
    issuers: list[RecipeHealth]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        dependencies = self.dependencies.to_dict()

        issuers = []
        for issuers_item_data in self.issuers:
            issuers_item = issuers_item_data.to_dict()
            issuers.append(issuers_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
                "dependencies": dependencies,
                "issuers": issuers,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.health_dependencies import HealthDependencies
        from ..models.recipe_health import RecipeHealth

        d = dict(src_dict)
        status = HealthStatus(d.pop("status"))

        dependencies = HealthDependencies.from_dict(d.pop("dependencies"))

        issuers = []
        _issuers = d.pop("issuers")
        for issuers_item_data in _issuers:
            issuers_item = RecipeHealth.from_dict(issuers_item_data)

            issuers.append(issuers_item)

        health = cls(
            status=status,
            dependencies=dependencies,
            issuers=issuers,
        )

        health.additional_properties = d
        return health

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
