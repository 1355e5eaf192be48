import type { FactsheetLanguage } from '../../domain/factsheet';

/** The topics a source document can be credited with in the footer, in the order they are listed. */
export const SOURCE_TOPICS = [
  'name',
  'objective',
  'keyFacts',
  'benchmark',
  'risk',
  'costs',
  'sfdr',
  'holdings',
  'allocation',
  'performance',
  'metrics',
  'profile',
] as const;
export type SourceTopic = (typeof SOURCE_TOPICS)[number];

type LevelLabels<T extends string> = Readonly<Record<T, string>>;

/** Every word the page prints, for one language. Adding a language means adding one of these. */
export interface FactsheetLabels {
  /** BCP 47 tag used for Intl number and date formats. */
  locale: string;
  factsheet: string;
  dataAsOf: string;
  header: { isin: string; shareClass: string; currency: string; manager: string };
  pdfLink: string;
  pdfLinkTitle: string;
  noData: string;
  sections: {
    objective: string;
    keyFacts: string;
    risk: string;
    costs: string;
    sfdr: string;
    holdings: string;
    sector: string;
    geography: string;
    assetAllocation: string;
    performance: string;
    calendarReturns: string;
    annualisedReturns: string;
    riskMetrics: string;
    profile: string;
    sources: string;
  };
  keyFacts: {
    assetClass: string;
    category: string;
    structure: string;
    currency: string;
    fundSize: string;
    inception: string;
    distribution: string;
    holdingsCount: string;
    manager: string;
    benchmark: string;
  };
  risk: { lower: string; higher: string; classOf: (riskClass: number) => string };
  costs: {
    entry: string;
    exit: string;
    ongoing: string;
    transaction: string;
    performanceFee: string;
    riy1y: string;
    riyRhp: string;
    recommendedHoldingPeriod: string;
  };
  sfdr: { article: (article: number) => string; meaning: Readonly<Record<6 | 8 | 9, string>> };
  series: { fund: string; index: string };
  indexedSince: (date: string) => string;
  other: string;
  holdings: { name: string; weight: string };
  metrics: {
    volatility3y: string;
    sharpe3y: string;
    maxDrawdown: string;
    peRatio: string;
    incomeYield: string;
    yieldToMaturity: string;
    modifiedDuration: string;
    effectiveDuration: string;
    effectiveMaturity: string;
    averageRating: string;
    sevenDayYield: string;
    wam: string;
    wal: string;
    equityCorrelation: string;
    equityBondSplit: string;
  };
  profile: {
    category: string;
    riskBand: string;
    concentration: string;
    regionFocus: string;
    valuation: string;
    creditQuality: string;
    rateSensitivity: string;
    equityShare: string;
  };
  levels: {
    riskBand: LevelLabels<'low' | 'medium' | 'high'>;
    concentration: LevelLabels<'concentrated' | 'balanced' | 'diversified'>;
    valuation: LevelLabels<'value' | 'blend' | 'growth'>;
    creditQuality: LevelLabels<'high' | 'medium' | 'low'>;
    rateSensitivity: LevelLabels<'limited' | 'moderate' | 'extensive'>;
  };
  /** The payload's period labels (domain/analyticsPeriods.ts), matched whole; any other label is shown as given. */
  periods: Readonly<Record<string, string>>;
  /** Document kinds as the sources name them (sources/types.ts); an unknown kind is shown as given. */
  sourceKinds: Readonly<Record<string, string>>;
  sourceTopics: LevelLabels<SourceTopic>;
  sourceDated: (kind: string, date: string) => string;
  createdOn: (dateTime: string) => string;
  disclaimer: string;
}

const EN: FactsheetLabels = {
  locale: 'en-GB',
  factsheet: 'Factsheet',
  dataAsOf: 'Data as of',
  header: { isin: 'ISIN', shareClass: 'Share class', currency: 'Currency', manager: 'Manager' },
  pdfLink: 'PDF',
  pdfLinkTitle: 'This factsheet as a PDF',
  noData: 'No data has been disclosed for this fund yet.',
  sections: {
    objective: 'Investment objective',
    keyFacts: 'Key facts',
    risk: 'Risk indicator',
    costs: 'Costs',
    sfdr: 'Sustainability (SFDR)',
    holdings: 'Top 10 holdings',
    sector: 'Sector allocation',
    geography: 'Geographic allocation',
    assetAllocation: 'Asset allocation',
    performance: 'Performance',
    calendarReturns: 'Calendar year returns',
    annualisedReturns: 'Annualised returns',
    riskMetrics: 'Risk and portfolio metrics',
    profile: 'Profile',
    sources: 'Sources',
  },
  keyFacts: {
    assetClass: 'Asset class',
    category: 'Category',
    structure: 'Legal structure',
    currency: 'Fund currency',
    fundSize: 'Fund size',
    inception: 'Inception date',
    distribution: 'Distribution',
    holdingsCount: 'Number of holdings',
    manager: 'Management company',
    benchmark: 'Benchmark',
  },
  risk: { lower: 'Lower risk', higher: 'Higher risk', classOf: (riskClass) => `Risk class ${riskClass} of 7` },
  costs: {
    entry: 'Entry costs',
    exit: 'Exit costs',
    ongoing: 'Ongoing costs',
    transaction: 'Transaction costs',
    performanceFee: 'Performance fee',
    riy1y: 'Total costs after 1 year',
    riyRhp: 'Total costs over the holding period',
    recommendedHoldingPeriod: 'Recommended holding period',
  },
  sfdr: {
    article: (article) => `Article ${article}`,
    meaning: {
      6: 'No environmental or social characteristics promoted',
      8: 'Promotes environmental or social characteristics',
      9: 'Has sustainable investment as its objective',
    },
  },
  series: { fund: 'Fund', index: 'Index' },
  indexedSince: (date) => `Indexed to 100 on ${date}`,
  other: 'Other',
  holdings: { name: 'Holding', weight: 'Weight' },
  metrics: {
    volatility3y: 'Volatility (3 years)',
    sharpe3y: 'Sharpe ratio (3 years)',
    maxDrawdown: 'Maximum drawdown',
    peRatio: 'Price/earnings ratio',
    incomeYield: 'Income yield',
    yieldToMaturity: 'Yield to maturity',
    modifiedDuration: 'Modified duration',
    effectiveDuration: 'Effective duration',
    effectiveMaturity: 'Effective maturity',
    averageRating: 'Average credit rating',
    sevenDayYield: '7-day yield',
    wam: 'Weighted average maturity',
    wal: 'Weighted average life',
    equityCorrelation: 'Correlation with equities',
    equityBondSplit: 'Equity/bond split',
  },
  profile: {
    category: 'Category',
    riskBand: 'Risk band',
    concentration: 'Concentration',
    regionFocus: 'Regional focus',
    valuation: 'Investment style',
    creditQuality: 'Credit quality',
    rateSensitivity: 'Interest rate sensitivity',
    equityShare: 'Equity share',
  },
  levels: {
    riskBand: { low: 'Low', medium: 'Medium', high: 'High' },
    concentration: { concentrated: 'Concentrated', balanced: 'Balanced', diversified: 'Diversified' },
    valuation: { value: 'Value', blend: 'Blend', growth: 'Growth' },
    creditQuality: { high: 'High', medium: 'Medium', low: 'Low' },
    rateSensitivity: { limited: 'Limited', moderate: 'Moderate', extensive: 'Extensive' },
  },
  periods: {},
  sourceKinds: {
    kid: 'KID',
    kiid: 'KIID',
    factsheet: 'Factsheet',
    holdings: 'Holdings file',
    nav: 'NAV series',
    ept: 'EPT',
    emt: 'EMT',
    tpt: 'TPT',
    prospectus: 'Prospectus',
  },
  sourceTopics: {
    name: 'name',
    objective: 'objective',
    keyFacts: 'key facts',
    benchmark: 'benchmark',
    risk: 'risk indicator',
    costs: 'costs',
    sfdr: 'SFDR',
    holdings: 'holdings',
    allocation: 'allocations',
    performance: 'performance',
    metrics: 'metrics',
    profile: 'profile',
  },
  sourceDated: (kind, date) => `${kind} of ${date}`,
  createdOn: (dateTime) => `Factsheet created on ${dateTime}.`,
  disclaimer:
    'This document is for information only and does not constitute investment advice, an offer or a solicitation to buy or sell. ' +
    'Past performance does not predict future returns. The value of investments and the income from them can go down as well as up, ' +
    'and you may get back less than you invested. Figures are taken from the documents listed above and may contain errors or omissions. ' +
    'Read the Key Information Document (KID) and the prospectus before making any investment decision.',
};

const FR: FactsheetLabels = {
  locale: 'fr-FR',
  factsheet: 'Fiche produit',
  dataAsOf: 'Données au',
  header: { isin: 'ISIN', shareClass: 'Part', currency: 'Devise', manager: 'Société de gestion' },
  pdfLink: 'PDF',
  pdfLinkTitle: 'Cette fiche au format PDF',
  noData: 'Aucune donnée n’a encore été publiée pour ce fonds.',
  sections: {
    objective: 'Objectif d’investissement',
    keyFacts: 'Caractéristiques',
    risk: 'Indicateur de risque',
    costs: 'Frais',
    sfdr: 'Durabilité (SFDR)',
    holdings: '10 principales positions',
    sector: 'Répartition sectorielle',
    geography: 'Répartition géographique',
    assetAllocation: 'Répartition par classe d’actifs',
    performance: 'Performance',
    calendarReturns: 'Performances annuelles',
    annualisedReturns: 'Performances annualisées',
    riskMetrics: 'Indicateurs de risque et de portefeuille',
    profile: 'Profil',
    sources: 'Sources',
  },
  keyFacts: {
    assetClass: 'Classe d’actifs',
    category: 'Catégorie',
    structure: 'Forme juridique',
    currency: 'Devise du fonds',
    fundSize: 'Encours',
    inception: 'Date de création',
    distribution: 'Affectation des revenus',
    holdingsCount: 'Nombre de lignes',
    manager: 'Société de gestion',
    benchmark: 'Indice de référence',
  },
  risk: {
    lower: 'Risque plus faible',
    higher: 'Risque plus élevé',
    classOf: (riskClass) => `Classe de risque ${riskClass} sur 7`,
  },
  costs: {
    entry: 'Coûts d’entrée',
    exit: 'Coûts de sortie',
    ongoing: 'Frais courants',
    transaction: 'Coûts de transaction',
    performanceFee: 'Commission de performance',
    riy1y: 'Coûts totaux après 1 an',
    riyRhp: 'Coûts totaux sur la période de détention',
    recommendedHoldingPeriod: 'Période de détention recommandée',
  },
  sfdr: {
    article: (article) => `Article ${article}`,
    meaning: {
      6: 'Ne promeut pas de caractéristiques environnementales ou sociales',
      8: 'Promeut des caractéristiques environnementales ou sociales',
      9: 'A pour objectif l’investissement durable',
    },
  },
  series: { fund: 'Fonds', index: 'Indice' },
  indexedSince: (date) => `Base 100 au ${date}`,
  other: 'Autres',
  holdings: { name: 'Position', weight: 'Poids' },
  metrics: {
    volatility3y: 'Volatilité (3 ans)',
    sharpe3y: 'Ratio de Sharpe (3 ans)',
    maxDrawdown: 'Perte maximale',
    peRatio: 'PER',
    incomeYield: 'Rendement courant',
    yieldToMaturity: 'Rendement à maturité',
    modifiedDuration: 'Sensibilité',
    effectiveDuration: 'Duration effective',
    effectiveMaturity: 'Maturité effective',
    averageRating: 'Notation moyenne',
    sevenDayYield: 'Rendement à 7 jours',
    wam: 'Maturité moyenne pondérée',
    wal: 'Durée de vie moyenne pondérée',
    equityCorrelation: 'Corrélation aux actions',
    equityBondSplit: 'Répartition actions/obligations',
  },
  profile: {
    category: 'Catégorie',
    riskBand: 'Niveau de risque',
    concentration: 'Concentration',
    regionFocus: 'Zone géographique',
    valuation: 'Style de gestion',
    creditQuality: 'Qualité de crédit',
    rateSensitivity: 'Sensibilité aux taux',
    equityShare: 'Part actions',
  },
  levels: {
    riskBand: { low: 'Faible', medium: 'Moyen', high: 'Élevé' },
    concentration: { concentrated: 'Concentré', balanced: 'Équilibré', diversified: 'Diversifié' },
    valuation: { value: 'Value', blend: 'Mixte', growth: 'Croissance' },
    creditQuality: { high: 'Élevée', medium: 'Moyenne', low: 'Faible' },
    rateSensitivity: { limited: 'Limitée', moderate: 'Modérée', extensive: 'Forte' },
  },
  periods: {
    '1 Year': '1 an',
    '3 Years p.a.': '3 ans ann.',
    '5 Years p.a.': '5 ans ann.',
    '10 Years p.a.': '10 ans ann.',
    'Since Inception': 'Depuis création',
  },
  sourceKinds: {
    kid: 'DIC',
    kiid: 'DICI',
    factsheet: 'Reporting',
    holdings: 'Inventaire',
    nav: 'Série de VL',
    ept: 'EPT',
    emt: 'EMT',
    tpt: 'TPT',
    prospectus: 'Prospectus',
  },
  sourceTopics: {
    name: 'nom',
    objective: 'objectif',
    keyFacts: 'caractéristiques',
    benchmark: 'indice',
    risk: 'indicateur de risque',
    costs: 'frais',
    sfdr: 'SFDR',
    holdings: 'positions',
    allocation: 'répartitions',
    performance: 'performances',
    metrics: 'indicateurs',
    profile: 'profil',
  },
  sourceDated: (kind, date) => `${kind} du ${date}`,
  createdOn: (dateTime) => `Fiche créée le ${dateTime}.`,
  disclaimer:
    'Ce document est fourni à titre d’information uniquement et ne constitue ni un conseil en investissement, ni une offre ou une sollicitation d’achat ou de vente. ' +
    'Les performances passées ne préjugent pas des performances futures. La valeur des investissements et les revenus qui en découlent peuvent baisser comme monter, ' +
    'et vous pourriez récupérer moins que le montant investi. Les chiffres proviennent des documents cités ci-dessus et peuvent comporter des erreurs ou omissions. ' +
    'Lisez le Document d’informations clés (DIC) et le prospectus avant toute décision d’investissement.',
};

export const LABELS: Readonly<Record<FactsheetLanguage, FactsheetLabels>> = { en: EN, fr: FR };
