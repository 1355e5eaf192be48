from enum import StrEnum


class ProfileRateSensitivity(StrEnum):
    EXTENSIVE = "extensive"
    LIMITED = "limited"
    MODERATE = "moderate"

    def __str__(self) -> str:
        return str(self.value)
