from enum import IntEnum


class SfdrArticle(IntEnum):
    VALUE_6 = 6
    VALUE_8 = 8
    VALUE_9 = 9

    def __str__(self) -> str:
        return str(self.value)
