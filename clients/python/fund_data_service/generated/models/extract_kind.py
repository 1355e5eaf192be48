from enum import StrEnum


class ExtractKind(StrEnum):
    FACTSHEET = "factsheet"
    KID = "kid"

    def __str__(self) -> str:
        return str(self.value)
