from enum import StrEnum


class HoldingsResponseSource(StrEnum):
    HOLDINGS = "holdings"
    NONE = "none"
    TOPHOLDINGS = "topHoldings"

    def __str__(self) -> str:
        return str(self.value)
