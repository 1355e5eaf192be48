from enum import StrEnum


class ProfileConcentration(StrEnum):
    BALANCED = "balanced"
    CONCENTRATED = "concentrated"
    DIVERSIFIED = "diversified"

    def __str__(self) -> str:
        return str(self.value)
