from enum import StrEnum


class ErrorReason(StrEnum):
    BURST = "burst"
    CREDITS_EXHAUSTED = "credits_exhausted"
    OVERAGE_CAP = "overage_cap"

    def __str__(self) -> str:
        return str(self.value)
