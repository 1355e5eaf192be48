from enum import StrEnum


class ProfileKind(StrEnum):
    ALLOCATION = "allocation"
    ALTERNATIVE = "alternative"
    EQUITY = "equity"
    FIXEDINCOME = "fixedIncome"
    MONEYMARKET = "moneyMarket"
    OTHER = "other"

    def __str__(self) -> str:
        return str(self.value)
