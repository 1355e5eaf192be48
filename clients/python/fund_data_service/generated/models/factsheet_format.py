from enum import StrEnum


class FactsheetFormat(StrEnum):
    HTML = "html"
    PDF = "pdf"

    def __str__(self) -> str:
        return str(self.value)
