from enum import StrEnum


class ProfileValuation(StrEnum):
    BLEND = "blend"
    GROWTH = "growth"
    VALUE = "value"

    def __str__(self) -> str:
        return str(self.value)
