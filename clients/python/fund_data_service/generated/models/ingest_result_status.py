from enum import StrEnum


class IngestResultStatus(StrEnum):
    DUPLICATE = "duplicate"
    FILED = "filed"
    REJECTED = "rejected"

    def __str__(self) -> str:
        return str(self.value)
