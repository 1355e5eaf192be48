from enum import StrEnum


class GetFactsheetFormat(StrEnum):
    HTML = "html"
    JSON = "json"
    PDF = "pdf"

    def __str__(self) -> str:
        return str(self.value)
