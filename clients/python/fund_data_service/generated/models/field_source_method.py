from enum import StrEnum


class FieldSourceMethod(StrEnum):
    FALLBACK = "fallback"
    GRAPHIC = "graphic"
    TEXT = "text"

    def __str__(self) -> str:
        return str(self.value)
