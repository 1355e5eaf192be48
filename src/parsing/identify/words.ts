import { KID_LANGUAGES } from '../kid/languages';
import { anyOf, lineStart, wordsOf } from '../kid/languages/phrases';

/**
 * The words documents are told apart by. KID and KIID titles come from the language tables (kid/languages/);
 * the headings that open and close a key document, which those tables do not list, are here, one entry per
 * table. Every pattern is a fixed phrase matched on one normalised line: linear in the text (LINEAR TIME, kid.ts).
 */

const lower = (phrases: readonly string[]) => phrases.map((p) => p.toLowerCase());

/**
 * Titles of each regime: the tables' titles, plus the markers that contain one ("document d'informations clés pour
 * l'investisseur" holds the KID title "document d'informations clés" but titles a KIID, so it must be tried first).
 */
function titlesOf(kind: 'kid' | 'kiid'): string[] {
  const titles = KID_LANGUAGES.flatMap((l) => lower(l.statements.titles));
  const kiidMarkers = new Set(KID_LANGUAGES.flatMap((l) => lower(l.kiidMarkers)));
  const markers = KID_LANGUAGES.flatMap((l) => lower([...l.kidMarkers, ...l.kiidMarkers]));
  const all = [...new Set([...titles, ...markers.filter((m) => titles.some((t) => m.includes(t)))])];
  const isKiid = (title: string) => kiidMarkers.has(title) || [...kiidMarkers].some((m) => title.includes(m));
  return all.filter((t) => isKiid(t) === (kind === 'kiid'));
}

const KIID_TITLES = titlesOf('kiid');
/** Both regimes' titles, longest first (anyOf), so the KIID title that holds a KID title wins. */
const TITLE = lineStart([...titlesOf('kid'), ...KIID_TITLES]);
const KIID_TITLE = new RegExp(`^${anyOf(KIID_TITLES)}`, 'i');
/**
 * Titles that are no heading of either regime in their table: Swedish "Faktablad" heads KIDs and UCITS KIIDs alike,
 * so the document's headings must tell which it is.
 */
const SHARED_TITLE = new RegExp(
  `^${anyOf(
    KID_LANGUAGES.flatMap((l) => {
      const markers = new Set(lower([...l.kidMarkers, ...l.kiidMarkers]));
      return lower(l.statements.titles).filter((t) => !markers.has(t));
    }),
  )}$`,
  'i',
);

/** The regime a line's title names ("Key Information Document...", "Basisinformationsblatt"), `either`, or null. */
export function titleOf(line: string): 'kid' | 'kiid' | 'either' | null {
  const m = TITLE.exec(bare(line));
  if (!m) return null;
  if (SHARED_TITLE.test(m[0])) return 'either';
  return KIID_TITLE.test(m[0]) ? 'kiid' : 'kid';
}

/** Leading question and bullet marks are not part of a heading ("¿Qué es este producto?"). */
function bare(line: string): string {
  return line.replace(/^[¿¡•·*\-–\s]+/, '');
}

const OPENING_LINE = lineStart(
  KID_LANGUAGES.flatMap((l) => [
    ...l.statements.purposeHeadings,
    ...l.statements.productSectionHeadings,
    // Multi-word objective headings only: a lone "Objective:" may open a paragraph anywhere.
    ...l.statements.objectiveLabels.filter((o) => o.includes(' ')),
  ]),
);
const CLOSING_LINE = lineStart(KID_LANGUAGES.flatMap((l) => l.statements.closingHeadings));

/** A heading that only the first page of a key document carries (Purpose, What is this product?, Objectives...). */
export function opensKeyDocument(line: string): boolean {
  return OPENING_LINE.test(bare(line));
}

/** The heading of a key document's last section. */
export function closesKeyDocument(line: string): boolean {
  return CLOSING_LINE.test(bare(line));
}

// ---------------------------------------------------------------------------------------------- SCPI

/** "SCPI", "société civile de placement immobilier": what a French real-estate fund's documents call it. */
export const SCPI_WORD = new RegExp(wordsOf(['scpi', 'société civile de placement immobilier']), 'gi');

/** Titles of the SCPI documents besides the DIC (a key information document), checked in this order. */
export const SCPI_TITLES = [
  {
    kind: 'scpi-bulletin',
    title: new RegExp(
      wordsOf([
        "bulletin[ (trimestriel|semestriel|annuel|mensuel)] d'information",
        'bulletin (trimestriel|semestriel)',
      ]),
      'i',
    ),
  },
  { kind: 'scpi-annual', title: new RegExp(wordsOf(['rapport annuel']), 'i') },
  { kind: 'scpi-note', title: new RegExp(wordsOf(["note d'information"]), 'i') },
] as const;

// ---------------------------------------------------------------------------------------------- holdings headers

/**
 * Column headers of holdings files that belong to one language, as normalised by normaliseHeader: a file's language
 * is the one most of its header cells speak. Words two languages share ("valuta", "sector") are left out. Each is a
 * header of holdingsVocabulary.ts (identify.test.ts checks it).
 */
export const HOLDINGS_HEADER_WORDS: Record<string, string[]> = {
  en: [
    'name',
    'securityname',
    'holdingname',
    'issuername',
    'issuer',
    'ticker',
    'issuerticker',
    'weight',
    'weight%',
    '%ofnetassets',
    'weighting',
    'industry',
    'country',
    'location',
    'currency',
    'marketcurrency',
    'assetclass',
    'marketvalue',
  ],
  de: [
    'bezeichnung',
    'wertpapier',
    'wertpapiername',
    'emittent',
    'emittententicker',
    'gewichtung',
    'gewichtung%',
    'gewicht',
    'anteil',
    'sektor',
    'branche',
    'standort',
    'sitzland',
    'anlageklasse',
    'wahrung',
    'marktwahrung',
    'marktwert',
    'kurswert',
  ],
  fr: [
    'nom',
    'libelle',
    'nomdutitre',
    'titre',
    'emetteur',
    'tickerdelemetteur',
    'poids',
    'poids%',
    'ponderation',
    'secteur',
    'pays',
    'localisation',
    'classedactifs',
    'devise',
    'valeurdemarche',
  ],
  it: [
    'nome',
    'denominazione',
    'titolo',
    'emittente',
    'tickeremittente',
    'peso',
    'peso%',
    'ponderazione',
    'settore',
    'paese',
    'areageografica',
    'classediattivo',
    'valutadimercato',
    'valoredimercato',
  ],
  es: [
    'nombre',
    'denominacion',
    'emisor',
    'tickerdelemisor',
    'ponderacion',
    'pais',
    'ubicacion',
    'clasedeactivo',
    'divisa',
    'moneda',
    'valordemercado',
  ],
  nl: ['naam', 'omschrijving', 'weging', 'weging%', 'locatie', 'activaklasse', 'beleggingscategorie', 'marktwaarde'],
};
