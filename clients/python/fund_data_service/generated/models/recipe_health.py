from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RecipeHealth")


@_attrs_define
class RecipeHealth:
    """How one issuer recipe fares (a recipe fetches one kind of document from a fund manager's server): its last success,
    its last failure, and whether its circuit is open

        Attributes:
            recipe (str): The issuer recipe (ISSUERS names them)
            manager (str):
            kind (str): The kind of document it fetches (kid, kiid...)
            confirmed (str): When its pattern was last confirmed to work
            last_success_at (datetime.datetime | None): Its last document fetched
            last_failure_at (datetime.datetime | None): Its last failure (unreachable, 5xx, an answer it does not
                understand)
            last_failure (None | str):
            circuit_open_since (datetime.datetime | None): Since when a host of the recipe is not asked because it kept
                failing (its circuit is open); null while it is asked
    """

    recipe: str
    manager: str
    kind: str
    confirmed: str
    last_success_at: datetime.datetime | None
    last_failure_at: datetime.datetime | None
    last_failure: None | str
    circuit_open_since: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        recipe = self.recipe

        manager = self.manager

        kind = self.kind

        confirmed = self.confirmed

        last_success_at: None | str
        if isinstance(self.last_success_at, datetime.datetime):
            last_success_at = self.last_success_at.isoformat()
        else:
            last_success_at = self.last_success_at

        last_failure_at: None | str
        if isinstance(self.last_failure_at, datetime.datetime):
            last_failure_at = self.last_failure_at.isoformat()
        else:
            last_failure_at = self.last_failure_at

        last_failure: None | str
        last_failure = self.last_failure

        circuit_open_since: None | str
        if isinstance(self.circuit_open_since, datetime.datetime):
            circuit_open_since = self.circuit_open_since.isoformat()
        else:
            circuit_open_since = self.circuit_open_since

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "recipe": recipe,
                "manager": manager,
                "kind": kind,
                "confirmed": confirmed,
                "lastSuccessAt": last_success_at,
                "lastFailureAt": last_failure_at,
                "lastFailure": last_failure,
                "circuitOpenSince": circuit_open_since,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        recipe = d.pop("recipe")

        manager = d.pop("manager")

        kind = d.pop("kind")

        confirmed = d.pop("confirmed")

        def _parse_last_success_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_success_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_success_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_success_at = _parse_last_success_at(d.pop("lastSuccessAt"))

        def _parse_last_failure_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_failure_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_failure_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_failure_at = _parse_last_failure_at(d.pop("lastFailureAt"))

        def _parse_last_failure(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_failure = _parse_last_failure(d.pop("lastFailure"))

        def _parse_circuit_open_since(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                circuit_open_since_type_0 = datetime.datetime.fromisoformat(data)

                return circuit_open_since_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        circuit_open_since = _parse_circuit_open_since(d.pop("circuitOpenSince"))

        recipe_health = cls(
            recipe=recipe,
            manager=manager,
            kind=kind,
            confirmed=confirmed,
            last_success_at=last_success_at,
            last_failure_at=last_failure_at,
            last_failure=last_failure,
            circuit_open_since=circuit_open_since,
        )

        recipe_health.additional_properties = d
        return recipe_health

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
