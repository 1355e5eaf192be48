from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.scpi_capital_type import ScpiCapitalType
from ..models.scpi_category import ScpiCategory

T = TypeVar("T", bound="ScpiKeyFacts")


@_attrs_define
class ScpiKeyFacts:
    """Key facts of an SCPI: its management company, category and capital type, capitalisation, share and withdrawal
    prices, fees, minimum subscription, délai de jouissance, risk indicator, SFDR article and ISR label

        Attributes:
            name (str):
            management_company (str): Société de gestion
            isin (None | str):
            category (None | ScpiCategory): Main type of property of an SCPI, as its documents classify it: bureaux
                (offices), commerces (retail), santé (healthcare), logistique (logistics), diversifiée (diversified),
                résidentiel (residential), européenne (European property) or autre (other)
            capital_type (None | ScpiCapitalType): Capital type of an SCPI: fixe (fixed capital: shares change hands between
                associates) or variable (variable capital: the SCPI issues new shares and buys back the shares withdrawn)
            creation_year (int | None):
            capitalisation_eur (float | None): Capitalisation: number of shares × subscription price
            share_price_eur (float | None): Subscription price per share (prix de souscription)
            withdrawal_price_eur (float | None): Withdrawal price per share (valeur de retrait; variable capital) or last
                execution price net of fees (fixed capital)
            subscription_fees_pct (float | None): Commission de souscription, percent of the subscription price (TTC)
            management_fees_pct (float | None): Commission de gestion, percent of rents collected (HT)
            minimum_subscription_shares (int | None):
            minimum_subscription_eur (float | None): Minimum first subscription
            delay_of_jouissance (None | str): Délai de jouissance as stated, e.g. "1er jour du 4e mois"
            risk_indicator (int | None): Summary risk indicator 1-7 of the DIC
            sfdr_article (int | None):
            label_isr (bool | None):
    """

    name: str
    management_company: str
    isin: None | str
    category: None | ScpiCategory
    capital_type: None | ScpiCapitalType
    creation_year: int | None
    capitalisation_eur: float | None
    share_price_eur: float | None
    withdrawal_price_eur: float | None
    subscription_fees_pct: float | None
    management_fees_pct: float | None
    minimum_subscription_shares: int | None
    minimum_subscription_eur: float | None
    delay_of_jouissance: None | str
    risk_indicator: int | None
    sfdr_article: int | None
    label_isr: bool | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        management_company = self.management_company

        isin: None | str
        isin = self.isin

        category: None | str
        if isinstance(self.category, ScpiCategory):
            category = self.category.value
        else:
            category = self.category

        capital_type: None | str
        if isinstance(self.capital_type, ScpiCapitalType):
            capital_type = self.capital_type.value
        else:
            capital_type = self.capital_type

        creation_year: int | None
        creation_year = self.creation_year

        capitalisation_eur: float | None
        capitalisation_eur = self.capitalisation_eur

        share_price_eur: float | None
        share_price_eur = self.share_price_eur

        withdrawal_price_eur: float | None
        withdrawal_price_eur = self.withdrawal_price_eur

        subscription_fees_pct: float | None
        subscription_fees_pct = self.subscription_fees_pct

        management_fees_pct: float | None
        management_fees_pct = self.management_fees_pct

        minimum_subscription_shares: int | None
        minimum_subscription_shares = self.minimum_subscription_shares

        minimum_subscription_eur: float | None
        minimum_subscription_eur = self.minimum_subscription_eur

        delay_of_jouissance: None | str
        delay_of_jouissance = self.delay_of_jouissance

        risk_indicator: int | None
        risk_indicator = self.risk_indicator

        sfdr_article: int | None
        sfdr_article = self.sfdr_article

        label_isr: bool | None
        label_isr = self.label_isr

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "managementCompany": management_company,
                "isin": isin,
                "category": category,
                "capitalType": capital_type,
                "creationYear": creation_year,
                "capitalisationEur": capitalisation_eur,
                "sharePriceEur": share_price_eur,
                "withdrawalPriceEur": withdrawal_price_eur,
                "subscriptionFeesPct": subscription_fees_pct,
                "managementFeesPct": management_fees_pct,
                "minimumSubscriptionShares": minimum_subscription_shares,
                "minimumSubscriptionEur": minimum_subscription_eur,
                "delayOfJouissance": delay_of_jouissance,
                "riskIndicator": risk_indicator,
                "sfdrArticle": sfdr_article,
                "labelIsr": label_isr,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        management_company = d.pop("managementCompany")

        def _parse_isin(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        isin = _parse_isin(d.pop("isin"))

        def _parse_category(data: object) -> None | ScpiCategory:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                category_type_0 = ScpiCategory(data)

                return category_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ScpiCategory, data)

        category = _parse_category(d.pop("category"))

        def _parse_capital_type(data: object) -> None | ScpiCapitalType:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                capital_type_type_0 = ScpiCapitalType(data)

                return capital_type_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ScpiCapitalType, data)

        capital_type = _parse_capital_type(d.pop("capitalType"))

        def _parse_creation_year(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        creation_year = _parse_creation_year(d.pop("creationYear"))

        def _parse_capitalisation_eur(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        capitalisation_eur = _parse_capitalisation_eur(d.pop("capitalisationEur"))

        def _parse_share_price_eur(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        share_price_eur = _parse_share_price_eur(d.pop("sharePriceEur"))

        def _parse_withdrawal_price_eur(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        withdrawal_price_eur = _parse_withdrawal_price_eur(d.pop("withdrawalPriceEur"))

        def _parse_subscription_fees_pct(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        subscription_fees_pct = _parse_subscription_fees_pct(
            d.pop("subscriptionFeesPct")
        )

        def _parse_management_fees_pct(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        management_fees_pct = _parse_management_fees_pct(d.pop("managementFeesPct"))

        def _parse_minimum_subscription_shares(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        minimum_subscription_shares = _parse_minimum_subscription_shares(
            d.pop("minimumSubscriptionShares")
        )

        def _parse_minimum_subscription_eur(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        minimum_subscription_eur = _parse_minimum_subscription_eur(
            d.pop("minimumSubscriptionEur")
        )

        def _parse_delay_of_jouissance(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        delay_of_jouissance = _parse_delay_of_jouissance(d.pop("delayOfJouissance"))

        def _parse_risk_indicator(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        risk_indicator = _parse_risk_indicator(d.pop("riskIndicator"))

        def _parse_sfdr_article(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        sfdr_article = _parse_sfdr_article(d.pop("sfdrArticle"))

        def _parse_label_isr(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        label_isr = _parse_label_isr(d.pop("labelIsr"))

        scpi_key_facts = cls(
            name=name,
            management_company=management_company,
            isin=isin,
            category=category,
            capital_type=capital_type,
            creation_year=creation_year,
            capitalisation_eur=capitalisation_eur,
            share_price_eur=share_price_eur,
            withdrawal_price_eur=withdrawal_price_eur,
            subscription_fees_pct=subscription_fees_pct,
            management_fees_pct=management_fees_pct,
            minimum_subscription_shares=minimum_subscription_shares,
            minimum_subscription_eur=minimum_subscription_eur,
            delay_of_jouissance=delay_of_jouissance,
            risk_indicator=risk_indicator,
            sfdr_article=sfdr_article,
            label_isr=label_isr,
        )

        scpi_key_facts.additional_properties = d
        return scpi_key_facts

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
