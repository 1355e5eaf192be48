from enum import StrEnum


class HoldingsDisclosure(StrEnum):
    FULL = "full"
    NONE = "none"
    TOP = "top"

    def __str__(self) -> str:
        return str(self.value)
