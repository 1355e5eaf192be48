import type { Hit } from '../text/hits';
import { type LabelHit, labelPattern, type ScpiText, withoutDates } from './labels';
import type { ScpiScalarField, ScpiScalarHits } from './types';
import type { WindowReader } from './values';
import * as read from './values';

/**
 * The labelled figures of SCPI documents: for each payload field, the phrases French documents label it
 * with (folded: lower case, no accents), how its value is read, where it may sit, and the range a real
 * value falls in (a total where a per-share value is expected, or a page number, is not the value).
 * The bulletins, DIC, annual reports and notes of every management company word these alike, because
 * ASPIM and the AMF fixed the vocabulary.
 */

interface FigureSpec {
  field: ScpiScalarField;
  labels: readonly string[];
  value: WindowReader<number>;
  /** A reader that depends on the label found ("décote" reads its figure as negative); replaces `value`. */
  valueFor?: (label: string) => WindowReader<number>;
  /**
   * Nouns a count is printed before ("24 844 associés", "82 biens immobiliers"): on a noun, the figure is
   * read just before it with `before`, never after it (what follows a noun belongs to the next one).
   */
  nouns?: readonly string[];
  before?: WindowReader<number>;
  range: readonly [number, number];
  /**
   * Read only the label's row: its own cell, or the next cell when its own holds nothing more. For labels
   * that also appear in sentences about rules rather than figures.
   */
  ownCellOnly?: boolean;
  /** A window matching this states a rule or a target, not the figure. */
  refuse?: RegExp;
}

/** Targets and forecasts are not figures. */
const FORECAST = /\b(?:objectif|previsionnel(?:le)?|prevision|cible)\b/;

const PER_SHARE: readonly [number, number] = [1, 20_000];
const RATE: readonly [number, number] = [0, 100];
const FEE: readonly [number, number] = [0, 30];

const FIGURES: readonly FigureSpec[] = [
  { field: 'keyFacts.capitalisationEur', labels: ['capitalisation'], value: read.euros, range: [1e5, 1e12] },
  {
    field: 'keyFacts.sharePriceEur',
    labels: [
      "prix de souscription(?: d'une part| de la part| par part)?(?! au (?:1er|01|1) janvier| au 01/01)",
      "prix (?:de la |d'une |de )part",
    ],
    value: read.newEuros,
    range: PER_SHARE,
  },
  {
    field: 'keyFacts.withdrawalPriceEur',
    labels: ['valeur de retrait', 'prix de retrait', "(?:dernier )?prix d'execution(?: net vendeur)?"],
    value: read.euros,
    range: PER_SHARE,
  },
  {
    field: 'performance.reconstitutionValueEur',
    labels: ['valeur de reconstitution'],
    value: read.eurosPerShare,
    range: PER_SHARE,
  },
  {
    field: 'performance.realisationValueEur',
    labels: ['valeur de realisation'],
    value: read.eurosPerShare,
    range: PER_SHARE,
  },
  {
    field: 'performance.tri.y5',
    labels: ['(?:\\btri|taux de rentabilite interne)(?: \\(tri\\))?(?: sur| a)? 5 ans'],
    value: read.percent,
    range: [-50, 50],
  },
  {
    field: 'performance.tri.y10',
    labels: ['(?:\\btri|taux de rentabilite interne)(?: \\(tri\\))?(?: sur| a)? 10 ans'],
    value: read.percent,
    range: [-50, 50],
  },
  {
    field: 'performance.tri.y15',
    labels: ['(?:\\btri|taux de rentabilite interne)(?: \\(tri\\))?(?: sur| a)? 15 ans'],
    value: read.percent,
    range: [-50, 50],
  },
  {
    field: 'performance.pgaPct',
    labels: ['performance globale annuelle', '\\bpga\\b'],
    value: read.percent,
    range: [-50, 50],
  },
  {
    field: 'performance.premiumToReconstitutionPct',
    // "Surcote par rapport à la valeur de reconstitution": the reference is part of the label, not the next figure's
    // label.
    labels: [
      '(?:surcote|decote)(?: ?/ ?(?:surcote|decote))?(?: (?:par rapport a|sur|vis-a-vis de) (?:la )?valeur de reconstitution)',
      'surcote ?/ ?decote',
      'decote ?/ ?surcote',
      'surcote',
      'decote',
    ],
    value: read.signedPercent('surcote'),
    valueFor: (label) => read.signedPercent(label),
    range: [-50, 50],
    ownCellOnly: true,
    refuse: /\b(?:plus de|au-dela|ne (?:peut|doit)|maximum|limite|entre)\b/,
  },
  {
    field: 'portfolio.numberOfProperties',
    labels: [
      "nombre d'(?:immeubles|actifs|biens)(?: immobiliers)?",
      'nombre de (?:biens|sites|batiments)(?: immobiliers)?',
    ],
    nouns: ['actifs immobiliers', 'biens immobiliers', '\\bimmeubles\\b', '\\bactifs\\b'],
    value: read.count,
    before: read.countBefore(),
    range: [1, 100_000],
  },
  {
    field: 'portfolio.surfaceSqm',
    labels: ['surface (?:totale|globale|locative|geree|du patrimoine)(?: du patrimoine| geree)?'],
    nouns: ['m2 de surface (?:totale|globale|locative|geree)'],
    value: read.squareMetres,
    before: read.countBefore(),
    range: [10, 1e8],
  },
  {
    field: 'portfolio.numberOfTenants',
    labels: ["nombre (?:de |d')(?:locataires|entreprises locataires|baux)"],
    nouns: ['entreprises locataires', '\\blocataires\\b'],
    value: read.count,
    before: read.countBefore(),
    range: [1, 1e6],
  },
  {
    field: 'portfolio.financialOccupancyRatePct',
    labels: ["taux d'occupation financier", '\\btof\\b'],
    value: read.percent,
    range: RATE,
  },
  {
    field: 'portfolio.physicalOccupancyRatePct',
    labels: ["taux d'occupation physique", '\\btop\\b'],
    value: read.percent,
    range: RATE,
  },
  {
    field: 'portfolio.walbYears',
    labels: ['\\bwalb\\b', 'duree (?:moyenne |residuelle ){0,3}ferme des baux', 'duree residuelle (?:moyenne )?ferme'],
    value: read.years,
    range: [0, 50],
  },
  {
    field: 'portfolio.waltYears',
    labels: ['\\bwalt\\b', 'duree (?:moyenne |residuelle ){1,3}des baux'],
    value: read.years,
    range: [0, 50],
  },
  {
    field: 'debt.debtRatioPct',
    labels: ["taux d'endettement", "ratio d'endettement", '\\bendettement\\b'],
    value: read.percent,
    range: RATE,
  },
  { field: 'debt.ltvPct', labels: ['\\bltv\\b', 'loan to value'], value: read.percent, range: RATE },
  {
    field: 'liquidity.sharesAwaitingWithdrawal',
    labels: ['nombre de parts en attente(?: de retrait)?', 'parts? en attente de retrait ?:'],
    nouns: ['(?:parts? )?en attente de retrait'],
    value: read.count,
    before: read.countBefore(),
    range: [0, 1e10],
  },
  {
    field: 'liquidity.numberOfShareholders',
    labels: ["nombre (?:d'associes|de porteurs de parts|d'investisseurs)"],
    nouns: ['\\bassocies\\b'],
    value: read.count,
    before: read.countBefore(),
    range: [1, 1e7],
  },
  { field: 'liquidity.netInflowsEur', labels: ['collecte nette'], value: read.euros, range: [0, 1e11] },
  { field: 'distribution.rentalIncomeEur', labels: ['revenus? fonciers?'], value: read.euros, range: [0, 1000] },
  { field: 'distribution.financialIncomeEur', labels: ['revenus? financiers?'], value: read.euros, range: [0, 1000] },
  {
    field: 'distribution.foreignIncomeSharePct',
    labels: [
      "quote-part (?:des |de la |de )?(?:revenus |loyers |distribution )?(?:de source |d'origine )?etrangere?s?",
      "revenus (?:de source |d'origine )?etrangers",
    ],
    value: read.percent,
    range: RATE,
  },
  {
    field: 'fees.subscriptionPct',
    // The DIC (PRIIPs) names the commission de souscription its "coûts d'entrée": "12,00 % du montant que vous payez".
    labels: ['commission de souscription', 'frais de souscription', "couts d'entree"],
    value: read.percentPreferring('ttc'),
    range: FEE,
  },
  // Not the DIC's "Frais de gestion et autres frais administratifs et d'exploitation" (PRIIPs recurring costs, a
  // percent of the investment).
  {
    field: 'fees.managementPct',
    labels: ['commission de gestion', 'frais de gestion(?! et autres frais)'],
    value: read.percentPreferring('ht'),
    range: FEE,
  },
  {
    field: 'fees.transferPct',
    labels: [
      'commission de (?:cession|transfert) de parts',
      'frais de (?:cession|transfert) de parts',
      "commission de cession(?! d'actifs| des actifs| d'immeubles| et d'acquisition)",
      'commission de transfert',
    ],
    value: read.percent,
    range: FEE,
  },
  {
    field: 'fees.arbitragePct',
    labels: [
      "commission (?:d'|sur (?:les )?)arbitrages?",
      "commission d'acquisition (?:et|ou) de cession d'actifs(?: immobiliers)?",
      "commission de cession d'actifs(?: immobiliers)?",
      "commission d'acquisition",
    ],
    value: read.percentPreferring('ht'),
    range: FEE,
  },
  { field: 'keyFacts.minimumSubscriptionShares', labels: MINIMUM_LABELS(), value: read.shares, range: [1, 100_000] },
  { field: 'keyFacts.minimumSubscriptionEur', labels: MINIMUM_LABELS(), value: read.euros, range: [1, 10_000_000] },
];

function MINIMUM_LABELS(): string[] {
  // "Minimum de souscription", "Minimum de première souscription", "Minimum de la première souscription".
  return [
    'minimum de (?:la )?(?:premiere )?souscription',
    'souscription minimale',
    'souscription minimum',
    'montant minimum de souscription',
  ];
}

/** Every figure label at once: a value window ends where another label starts. */
export const FIGURE_STOP = new RegExp(
  labelPattern(FIGURES.flatMap((f) => [...f.labels, ...(f.nouns ?? [])])).source.replace(
    /^\(\?:/,
    '(?:\\b(?:taux de distribution|distribution|dividende|acompte)\\b|',
  ),
);

/** Reads every labelled figure of the text: the first hit in document order wins, with its page. */
export function readFigures(text: ScpiText): ScpiScalarHits {
  const hits: ScpiScalarHits = {};
  for (const spec of FIGURES) {
    const hit = readFigure(text, spec);
    if (hit) (hits as Record<string, Hit<number>>)[spec.field] = hit;
  }
  return hits;
}

/** A count before a noun on a line about purchases or sales counts what was bought or sold, not the portfolio. */
const TRANSACTION_LINE = /\b(?:acquisitions?|acquis|acquiert|nouveaux?|nouvelles?|cedee?s?|cessions?|vendue?s?)\b/;

function readFigure(text: ScpiText, spec: FigureSpec): Hit<number> | null {
  const pattern = labelPattern([...spec.labels, ...(spec.nouns ?? [])]);
  const noun = spec.nouns ? new RegExp(`^(?:${spec.nouns.join('|')})$`) : null;
  for (const hit of text.labels(pattern)) {
    const value = noun?.test(hit.match[0]) ? countBeforeNoun(text, hit, spec) : figureAt(text, hit, spec);
    if (value !== null && value >= spec.range[0] && value <= spec.range[1]) return { value, page: text.page(hit) };
  }
  return null;
}

/**
 * A label's value: in the nearest window that holds a figure (a window with a figure answers for the
 * label, or nothing does: a missing value never borrows a figure further on), else just before the label.
 */
function figureAt(text: ScpiText, hit: LabelHit, spec: FigureSpec): number | null {
  const reader = spec.valueFor ? spec.valueFor(hit.match[0]) : spec.value;
  const windows = text.valueWindows(hit, FIGURE_STOP_ONCE, spec.ownCellOnly);
  for (const window of windows) {
    const blanked = withoutDates(window);
    if (!read.hasFigure(blanked)) {
      // A sentence goes on after the label: its figure, if any, is not the label's.
      if (spec.ownCellOnly && /\p{L}/u.test(blanked)) return null;
      continue;
    }
    if (FORECAST.test(blanked) || spec.refuse?.test(blanked)) return null;
    return reader(blanked);
  }
  return null;
}

function countBeforeNoun(text: ScpiText, hit: LabelHit, spec: FigureSpec): number | null {
  const before = text.before(hit);
  // A noun opening its cell is a label after all ("Locataires\t378").
  if (before.trim() === '') return figureAt(text, hit, spec);
  if (!spec.before || TRANSACTION_LINE.test(text.lines[hit.line].folded.slice(0, 400))) return null;
  return spec.before(withoutDates(before));
}

const FIGURE_STOP_ONCE = new RegExp(FIGURE_STOP.source);
