from enum import StrEnum


class WebhookActionRequestAction(StrEnum):
    DISABLE = "disable"
    ENABLE = "enable"
    TEST = "test"

    def __str__(self) -> str:
        return str(self.value)
