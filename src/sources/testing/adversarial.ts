import type { PdfText } from '../pdf/text';
import { parseFactsheet } from '../parsers/factsheet';
import { parseFindatex } from '../parsers/findatex';
import { parseHoldingsCsv } from '../parsers/holdings';
import { readKeyFacts } from '../parsers/keyFacts';
import { parseKid } from '../parsers/kid';
import { parseNav } from '../parsers/nav';
import { parseScpiDocument } from '../parsers/scpi';

/**
 * Hostile inputs for the parsers, by size: the shapes that make backtracking patterns super-linear (long
 * runs of one character, runs of blanks, repeated labels that each start a long attempt, unclosed
 * brackets, a megabyte of digits). Shared by the property tests (which check the parsers answer sanely)
 * and bench/parserScaling.ts (which checks their time grows linearly with n).
 */

export const PARSER_NAMES = ['kid', 'factsheet', 'scpi', 'holdings', 'nav', 'findatex'] as const;
export type ParserName = (typeof PARSER_NAMES)[number];

/** The text of a PDF as pasted: pages separated by form feeds. */
export function pastedText(text: string): PdfText {
  const pages = text.split('\f');
  return { pages, chars: text.length };
}

/** Runs one parser on a text, the way the extraction does (text documents, CSV files). */
export const PARSERS: Record<ParserName, (text: string) => Promise<unknown>> = {
  kid: async (text) => parseKid(pastedText(text)),
  // The same text as reading order and as layout: layout lines keep their runs of spaces.
  factsheet: async (text) => {
    const pdf = { ...pastedText(text), layout: text.split('\f') };
    return { sheet: parseFactsheet(pdf), facts: readKeyFacts(pdf) };
  },
  // Every SCPI document kind on the same text, with the same text as layout (the parsers read both).
  scpi: async (text) => {
    const pdf = { ...pastedText(text), layout: text.split('\f') };
    return (['scpi-bulletin', 'scpi-dic', 'scpi-annual', 'scpi-note'] as const).map((kind) => parseScpiDocument(kind, pdf));
  },
  holdings: async (text) => parseHoldingsCsv(Buffer.from(text), 'adversarial.csv'),
  nav: async (text) => parseNav(Buffer.from(text), 'text/csv', 'adversarial.csv'),
  findatex: async (text) => parseFindatex(Buffer.from(text), 'text/csv', 'adversarial.csv'),
};

export interface AdversarialCase {
  name: string;
  parser: ParserName;
  /** A text of about n characters. */
  build: (n: number) => string;
}

const repeat = (unit: string, n: number) => unit.repeat(Math.max(1, Math.floor(n / unit.length)));

/** Texts for the document parsers (KID/KIID and factsheet both read each of them). */
const TEXT_SHAPES: Array<{ name: string; build: (n: number) => string }> = [
  { name: 'one capital letter', build: (n) => repeat('A', n) },
  { name: 'capitalised words', build: (n) => repeat('A ', n) },
  { name: 'digits', build: (n) => repeat('1', n) },
  { name: 'decimal with a long tail', build: (n) => `1.${repeat('1', n)}x` },
  { name: 'blanks then a letter', build: (n) => `${repeat(' ', n)}x` },
  { name: 'tabs and spaces', build: (n) => `${repeat(' \t', n)}x` },
  { name: 'carriage returns', build: (n) => `a${repeat('\r', n)}b` },
  { name: 'nested brackets', build: (n) => `${repeat('(', n / 2)}${repeat(')', n / 2)}` },
  { name: 'unclosed brackets', build: (n) => repeat('([{', n) },
  { name: '"benchmark: " repeated', build: (n) => repeat('benchmark: ', n) },
  { name: '"Ongoing charges" lines', build: (n) => repeat('Ongoing charges\n', n) },
  { name: '"Tracks" before capitals', build: (n) => repeat('Tracks A ', n) },
  { name: '"ISIN" then blanks', build: (n) => `ISIN${repeat(' ', n)}x` },
  { name: '"managed by" repeated', build: (n) => repeat('managed by Eé ', n) },
  { name: '"Fund (" repeated', build: (n) => repeat('Fund (', n) },
  { name: 'label, gap, no value', build: (n) => `Asset class${repeat(' ', n)}:` },
  { name: 'words before a weight', build: (n) => `Top 10 holdings\n${repeat('A ', n)}1.5` },
  { name: 'column cells', build: (n) => `Top 10 holdings\n${repeat('Foo Bar  x  ', n)}` },
  { name: 'weighted cells on one line', build: (n) => `Top 10 holdings\n${repeat('A  1.5  ', n)}` },
  { name: 'labels after gaps', build: (n) => repeat('TER  Beta  ', n) },
  { name: 'Index names', build: (n) => repeat('MSCI World Index (the "Index") ', n) },
  { name: 'dates after labels', build: (n) => repeat('as of 31 ', n) },
  { name: '"Taux d\'occupation financier" repeated', build: (n) => repeat("Taux d'occupation financier ", n) },
  { name: '"Prix de souscription" then blanks', build: (n) => `Prix de souscription${repeat(' ', n)}x` },
  { name: 'French amounts run together', build: (n) => repeat('1 234,56 € ', n) },
  { name: 'periods repeated', build: (n) => repeat('3e trimestre T3 2025 au 30/09/ ', n) },
];

/** Holdings CSVs: a huge cell in each column the parser reads, many rows, a long preamble. */
const HOLDINGS: Array<{ name: string; build: (n: number) => string }> = [
  { name: 'huge name cell', build: (n) => `Ticker,Name,Sector,Weight (%),Location\nX,${repeat('A', n)},Tech,1.5,US\n` },
  { name: '1 MB-style digits in the weight', build: (n) => `Ticker,Name,Sector,Weight (%),Location\nX,Foo,Tech,${repeat('1', n)}x,US\n` },
  { name: 'blank run in the as-of line', build: (n) => `Fund Holdings as of,"${repeat(' ', n)}x"\nTicker,Name,Weight (%)\nX,Foo,1.5\n` },
  { name: 'many rows', build: (n) => `Ticker,Name,Sector,Weight (%),Location\n${repeat('X,A,T,1.0,US\n', n)}` },
  { name: 'many columns', build: (n) => `${repeat('Name,', n / 2)}Weight\n${repeat('A,', n / 2)}1.5\n` },
];

/** NAV histories: a huge value or date cell, many rows. */
const NAV: Array<{ name: string; build: (n: number) => string }> = [
  { name: 'digits in a value', build: (n) => `Date,NAV\n2024-01-01,${repeat('1', n)}x\n2024-01-02,101.5\n` },
  { name: 'blanks in a date', build: (n) => `Date,NAV\n"1${repeat(' ', n)}x",100\n2024-01-02,101.5\n` },
  { name: 'many rows', build: (n) => `Date,NAV\n${repeat('2024-01-02,101.5\n', n)}` },
  { name: 'many columns', build: (n) => `Date,${repeat('NAV,', n / 2)}\n2024-01-02,${repeat('1,', n / 2)}\n` },
];

const EPT_HEADER = '00001_EPT_Version,00010_Portfolio_Manufacturer_Name,00030_Portfolio_Identifying_Data,00050_Portfolio_Name,01090_SRI,01120_Recommended_Holding_Period';
const TPT_HEADER = '1_Portfolio_identifying_data,12_CIC_code_of_the_instrument,17_Instrument_name,26_Valuation_weight,59_Credit_quality_step,112_Credit_rating';

/** FinDatEx CSVs: huge cells where the parser reads names, numbers, periods and ratings. */
const FINDATEX: Array<{ name: string; build: (n: number) => string }> = [
  { name: 'EPT huge name', build: (n) => `${EPT_HEADER}\nV21,Manager,LU0292097234,${repeat('A', n)},4,5\n` },
  { name: 'EPT digits in the holding period', build: (n) => `${EPT_HEADER}\nV21,Manager,LU0292097234,Fund,4,${repeat('1', n)}x\n` },
  { name: 'TPT blanks and brackets in a rating', build: (n) => `${TPT_HEADER}\nLU0292097234,XT21,Bond,0.5,2,"${repeat(' (', n)}"\n` },
  { name: 'TPT many positions', build: (n) => `${TPT_HEADER}\n${repeat('LU0292097234,XT21,Bond,0.001,2,AA+\n', n)}` },
  { name: 'TPT many portfolios', build: (n) => `${TPT_HEADER}\n${repeat('LU0292097234,XT21,Bond,0.001,2,AA+\nFR0000120271,XT21,Bond,0.001,2,AA+\n', n)}` },
  { name: 'many coded columns', build: (n) => `${repeat('00010_Portfolio_Manufacturer_Name,', n / 2)}00001_EPT_Version\n${repeat('M,', n / 2)}V21\n` },
];

export const ADVERSARIAL_CASES: AdversarialCase[] = [
  ...TEXT_SHAPES.flatMap((shape) => (['kid', 'factsheet', 'scpi'] as const).map((parser) => ({ ...shape, parser }))),
  ...HOLDINGS.map((shape) => ({ ...shape, parser: 'holdings' as const })),
  ...NAV.map((shape) => ({ ...shape, parser: 'nav' as const })),
  ...FINDATEX.map((shape) => ({ ...shape, parser: 'findatex' as const })),
];

/** Label fragments the fuzzer mixes into random text, so random input reaches the label-driven code paths. */
export const LABEL_FRAGMENTS = [
  'benchmark: ', 'Benchmark index: ', 'Ongoing charges ', 'Entry costs ', 'Exit costs ', 'ISIN ', 'ISIN code: ', 'LU0292097234',
  'Recommended holding period: ', ' years', 'out of 7', 'category ', 'managed by ', ' S.A.', 'Tracks the ', ' Index', '(the "Index")',
  'as of ', '31 December 2025', 'Fund Manager: ', 'AUM: ', 'NAV: ', '123.45', 'Top 10 Holdings', 'Sector allocation', '  ', '\t', '\n',
  '1.5%', '0,20 %', 'Objectives: ', 'Product: ', 'Share class: ', 'Fund (', ')', 'Acc', ':',
];
