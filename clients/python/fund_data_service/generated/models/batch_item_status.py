from enum import StrEnum


class BatchItemStatus(StrEnum):
    ERROR = "error"
    INVALID = "invalid"
    NOT_FOUND = "not_found"
    OK = "ok"
    PENDING = "pending"

    def __str__(self) -> str:
        return str(self.value)
