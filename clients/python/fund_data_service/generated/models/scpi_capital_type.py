from enum import StrEnum


class ScpiCapitalType(StrEnum):
    FIXE = "fixe"
    VARIABLE = "variable"

    def __str__(self) -> str:
        return str(self.value)
