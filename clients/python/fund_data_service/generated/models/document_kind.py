from enum import StrEnum


class DocumentKind(StrEnum):
    EMT = "emt"
    EPT = "ept"
    FACTSHEET = "factsheet"
    HOLDINGS = "holdings"
    KID = "kid"
    KIID = "kiid"
    NAV = "nav"
    SCPI_ANNUAL = "scpi-annual"
    SCPI_BULLETIN = "scpi-bulletin"
    SCPI_DIC = "scpi-dic"
    SCPI_NOTE = "scpi-note"
    TPT = "tpt"

    def __str__(self) -> str:
        return str(self.value)
