from enum import StrEnum


class PlanId(StrEnum):
    ENTERPRISE = "enterprise"
    FREE = "free"
    PRO = "pro"
    SCALE = "scale"
    STARTER = "starter"

    def __str__(self) -> str:
        return str(self.value)
