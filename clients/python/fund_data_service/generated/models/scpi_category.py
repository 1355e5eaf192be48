from enum import StrEnum


class ScpiCategory(StrEnum):
    AUTRE = "autre"
    BUREAUX = "bureaux"
    COMMERCES = "commerces"
    DIVERSIFIÉE = "diversifiée"
    EUROPÉENNE = "européenne"
    LOGISTIQUE = "logistique"
    RÉSIDENTIEL = "résidentiel"
    SANTÉ = "santé"

    def __str__(self) -> str:
        return str(self.value)
