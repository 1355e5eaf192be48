from enum import StrEnum


class FactsheetCreateRequestDeliver(StrEnum):
    DOCUMENT = "document"
    LINK = "link"

    def __str__(self) -> str:
        return str(self.value)
