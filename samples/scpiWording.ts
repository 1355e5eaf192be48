/**
 * French number, date and period formats of the sample SCPI documents, and the words management
 * companies use for them. Written out by hand rather than through `toLocaleString`, so the bytes do
 * not depend on the ICU data of the machine.
 *
 * French groups thousands with a narrow no-break space (U+202F), which pdf-lib's standard fonts cannot
 * draw: printed documents use the no-break space U+00A0, as here. Negative numbers use the hyphen-minus
 * (U+2212 is not in the fonts' encoding either).
 */

export const NBSP = '\u00a0';

/** "1 234,56" (no-break space between thousands, decimal comma). */
export function frNumber(n: number, decimals = 2): string {
  const fixed = Math.abs(n).toFixed(decimals);
  const [int, frac] = fixed.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  const sign = n < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}${grouped}${frac ? `,${frac}` : ''}`;
}

/** A stated figure: the value a reader gets back from the text, and the text itself. */
export interface Stated<T = number> {
  value: T;
  text: string;
}

const rounded = (n: number, decimals: number) => Number(n.toFixed(decimals));

/** "1 234,56 €" (decimals 2) or "204 €" (decimals 0). */
export function eur(n: number, decimals = 2): Stated {
  return { value: rounded(n, decimals), text: `${frNumber(n, decimals)}${NBSP}€` };
}

/** "5,73 %". */
export function pct(n: number, decimals = 2): Stated {
  return { value: rounded(n, decimals), text: `${frNumber(n, decimals)}${NBSP}%` };
}

/** "130,0 M€" from an amount in euros; the value is the amount the text means, in euros. */
export function millions(amountEur: number, decimals = 1): Stated {
  const m = rounded(amountEur / 1e6, decimals);
  return { value: Math.round(m * 1e6), text: `${frNumber(m, decimals)}${NBSP}M€` };
}

/** "1,24 Md€" from an amount in euros. */
function billions(amountEur: number, decimals = 2): Stated {
  const b = rounded(amountEur / 1e9, decimals);
  return { value: Math.round(b * 1e9), text: `${frNumber(b, decimals)}${NBSP}Md€` };
}

/** A capitalisation as bulletins headline it: "1,24 Md€" from a billion on, "415,79 M€" below. */
export function capitalisation(amountEur: number): Stated {
  return amountEur >= 1e9 ? billions(amountEur) : millions(amountEur, 2);
}

/** An integer count: "24 844". */
export function count(n: number): Stated {
  return { value: Math.round(n), text: frNumber(Math.round(n), 0) };
}

/** "981 138 m²". */
export function sqm(n: number): Stated {
  return { value: Math.round(n), text: `${frNumber(Math.round(n), 0)}${NBSP}m²` };
}

/** "3,6 ans". */
export function years(n: number): Stated {
  return { value: rounded(n, 1), text: `${frNumber(n, 1)}${NBSP}ans` };
}

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

/** "30/09/2025" from "2025-09-30". */
export function dateNumeric(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/** "30 septembre 2025", "1er juillet 2025". */
export function dateLong(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return `${d === 1 ? '1er' : d} ${MONTHS[m - 1]} ${y}`;
}

/** "septembre 2025". */
export function monthYear(iso: string): string {
  const [y, m] = iso.split('-').map(Number);
  return `${MONTHS[m - 1]} ${y}`;
}

/** "T3 2025". */
export function quarterShort(quarter: number, year: number): string {
  return `T${quarter} ${year}`;
}

/** "3e trimestre 2025", "1er trimestre 2025". */
export function quarterLong(quarter: number, year: number): string {
  return `${quarter === 1 ? '1er' : `${quarter}e`} trimestre ${year}`;
}

/** "1er semestre 2025". */
export function semesterLong(half: number, year: number): string {
  return `${half === 1 ? '1er' : '2nd'} semestre ${year}`;
}

export type ScpiCategory =
  'bureaux' | 'commerces' | 'santé' | 'logistique' | 'diversifiée' | 'résidentiel' | 'européenne' | 'autre';

/** How the documents classify the SCPI (the typology named on every document). */
export const CATEGORY_LABEL: Record<ScpiCategory, string> = {
  bureaux: 'SCPI de bureaux',
  commerces: 'SCPI de commerces',
  santé: 'SCPI santé et éducation',
  logistique: "SCPI logistique et locaux d'activités",
  diversifiée: 'SCPI diversifiée',
  résidentiel: 'SCPI résidentielle',
  européenne: 'SCPI européenne diversifiée',
  autre: 'SCPI thématique',
};

export const CAPITAL_LABEL = { fixe: 'à capital fixe', variable: 'à capital variable' } as const;

/** The PRIIPs wording of a risk class. */
export const RISK_CLASS_WORDS = [
  'très basse',
  'basse',
  'entre basse et moyenne',
  'moyenne',
  'entre moyenne et haute',
  'haute',
  'la plus élevée',
];

/** Sentences of the quarter's news, per category (acquisitions, leases, sales), fictional places and tenants. */
export const NEWS: Record<ScpiCategory, string[]> = {
  bureaux: [
    "Signature d'un bail de 9 ans fermes avec un cabinet d'avocats sur 1 250 m² de bureaux à Lyon Part-Dieu.",
    "Cession d'un immeuble de bureaux vacant à Nanterre, au-dessus de sa dernière valeur d'expertise.",
    "Travaux de rénovation énergétique engagés sur l'immeuble de Bordeaux Euratlantique (certification visée : BREEAM Very Good).",
  ],
  commerces: [
    "Acquisition d'un retail park de 8 400 m² à Angers, loué à 12 enseignes (rendement acte en main de 7,1 %).",
    "Renouvellement du bail d'une enseigne alimentaire à Reims pour 10 ans, dont 6 ans fermes.",
    "Relocation de deux cellules de pied d'immeuble à Nantes après travaux.",
  ],
  santé: [
    "Acquisition d'une clinique de soins de suite et de réadaptation à Tours, bail de 12 ans fermes.",
    "Livraison d'une crèche de 60 berceaux à Montpellier, louée à un réseau national.",
    "Extension d'un établissement d'hébergement pour personnes âgées à Rennes (+ 24 lits).",
  ],
  logistique: [
    "Acquisition d'un entrepôt de 18 500 m² à Valence (Espagne), bail de 12 ans dont 8 ans fermes.",
    "Livraison d'une plateforme de messagerie de 9 800 m² près d'Orléans, pré-louée en totalité.",
    'Installation de centrales photovoltaïques en toiture sur trois entrepôts.',
  ],
  diversifiée: [
    "Acquisition d'un immeuble mixte (commerces et bureaux) à Lille pour 14,2 M€ hors droits.",
    "Cession d'un local d'activités à Grenoble, réalisant une plus-value distribuable.",
    'Signature de 7 nouveaux baux au cours du trimestre pour 3 900 m² au total.',
  ],
  résidentiel: [
    "Livraison d'une résidence de 48 logements à Villeurbanne, intégralement louée en trois mois.",
    "Acquisition en VEFA d'un immeuble de 32 logements à Saint-Denis.",
    'Taux de rotation des locataires stable, délai moyen de relocation de 21 jours.',
  ],
  européenne: [
    "Acquisition d'un immeuble de bureaux à Dublin loué à une société de services (bail de 10 ans fermes).",
    "Acquisition d'un magasin de bricolage à Utrecht (Pays-Bas) pour 11,6 M€ hors droits.",
    "Ouverture d'un nouveau pays : le Portugal, avec un ensemble commercial à Braga.",
  ],
  autre: [
    "Acquisition d'un hôtel de 120 chambres à Annecy, bail de 12 ans fermes avec un exploitant national.",
    "Renouvellement anticipé du bail d'un village de vacances en Vendée.",
    'Mise en service de bornes de recharge sur deux sites.',
  ],
};
