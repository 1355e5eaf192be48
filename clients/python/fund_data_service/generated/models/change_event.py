from enum import StrEnum


class ChangeEvent(StrEnum):
    FUND_CHANGED = "fund.changed"
    FUND_REFRESHED = "fund.refreshed"

    def __str__(self) -> str:
        return str(self.value)
