/**
 * Lines of a document's text as the parsers read them: pages cleaned, lines normalised (quotes, spaces,
 * ligatures), doubled text layers collapsed, and a joined view that maps a match back to its page.
 */

/** One line of a document with the 1-based page it sits on. */
export interface TextLine {
  text: string;
  page: number;
}

/**
 * Normalises line endings and strips trailing blanks so parsers see one convention. The blank run is
 * matched only from its first character ((?<![ \t])): tried from every position inside a long run of
 * blanks that does not end the line, `[ \t]+$` would rescan the rest of the run each time (quadratic).
 */
export function cleanPage(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/(?<![ \t])[ \t]+$/gm, '')
    .replace(/\u0000/g, '');
}

/**
 * Non-blank lines of every page, normalised (quotes, spaces, ligatures) and with doubled lines removed.
 * Tabs are kept: pdf.js puts one between the cells of a table row, and parsers use it as a cell boundary.
 * Blank lines are dropped: extractors disagree on where they put them, so they carry no structure.
 */
export function textLines(pages: string[]): TextLine[] {
  const out: TextLine[] = [];
  pages.forEach((page, i) => {
    const lines = (page ?? '').split('\n').map(normaliseLine);
    for (const text of dedupeRepeatedLines(lines)) if (text !== '') out.push({ text, page: i + 1 });
  });
  return out;
}

/**
 * Layout pages (`pdftotext -layout`) as lines; only trailing blanks and typography are normalised,
 * indentation and the runs of spaces between columns are kept: column positions matter.
 */
export function layoutLines(pages: string[]): TextLine[] {
  const out: TextLine[] = [];
  pages.forEach((page, i) => {
    // trimEnd, not /\s+$/: tried from every blank of a long inner run, that pattern rescans the run (quadratic).
    const lines = page.split('\n').map((l) => l.replace(/\t/g, '    ').trimEnd());
    for (const line of dedupeRepeatedLines(lines)) out.push({ text: mapCharacters(line), page: i + 1 });
  });
  return out;
}

/** normaliseLine's character mapping without its space collapsing (one char in, one char out keeps columns). */
function mapCharacters(line: string): string {
  return line.replace(/\S+/g, (word) => {
    const mapped = normaliseLine(word);
    return mapped.length === word.length ? mapped : word;
  });
}

/**
 * Unifies the typography PDFs use for the same characters, so patterns can stay simple. Every blank but
 * the tab becomes a space and runs collapse, so in a normalised line a run of whitespace is one
 * character: the parsers' `\s*` and `\s+` then never meet a long run (see LINEAR TIME in parsers/kid.ts).
 */
export function normaliseLine(line: string): string {
  return (
    line
      .normalize('NFKC') // ligatures (ﬁ) and compatibility forms
      .replace(/[^\S\t]/g, ' ') // no-break and thin spaces (French "0,20 %"), and \r, \v, U+2028 of pasted text
      .replace(/[\u2018\u2019\u201a\u02bc\u2032]/g, "'")
      .replace(/[\u201c\u201d\u201e\u00ab\u00bb]/g, '"')
      .replace(/\u00ad/g, '') // soft hyphen
      // Only from the first blank of a run ((?<! )): from every space of a long run the tab would be sought to its end.
      .replace(/(?<! ) *\t[ \t]*/g, '\t')
      .replace(/ {2,}/g, ' ')
      .trim()
  );
}

/**
 * Some PDF producers print the text layer twice (every line repeated, or repeated on the same line),
 * which doubles every value a parser would read. When at least DOUBLED_SHARE of the lines are doubled we
 * treat the page as such and collapse every repeat; otherwise we collapse only repeated prose lines (two
 * or more words), because a repeated short cell such as "0 EUR" can be two genuine table values.
 */
export function dedupeRepeatedLines(lines: string[]): string[] {
  const nonBlank = lines.filter((l) => l.trim() !== '');
  if (nonBlank.length === 0) return lines.slice();
  let doubled = 0;
  nonBlank.forEach((l, i) => {
    if ((i > 0 && l === nonBlank[i - 1]) || halfOfRepeat(l) !== null) doubled++;
  });
  const wholeDocDoubled = doubled / nonBlank.length >= DOUBLED_SHARE;

  const out: string[] = [];
  let previous: string | null = null;
  for (const raw of lines) {
    const line = wholeDocDoubled ? (halfOfRepeat(raw) ?? raw) : raw;
    if (line.trim() === '') {
      out.push(line);
      continue; // blank lines sit between the two copies in some producers: compare across them
    }
    const isRepeat = line === previous && (wholeDocDoubled || wordCount(line) >= 2);
    if (!isRepeat) out.push(line);
    previous = line;
  }
  return out;
}

const DOUBLED_SHARE = 0.3;

/** "Entry costs 0% Entry costs 0%" -> "Entry costs 0%"; null when the line is not one text written twice. */
function halfOfRepeat(line: string): string | null {
  const t = line.trim();
  if (t.length < 8) return null;
  for (const sep of [' ', '\t', '']) {
    if ((t.length - sep.length) % 2 !== 0) continue;
    const half = (t.length - sep.length) / 2;
    const a = t.slice(0, half);
    if (a.length >= 4 && t.slice(half, half + sep.length) === sep && t.slice(half + sep.length) === a) return a;
  }
  return null;
}

function wordCount(line: string): number {
  return (line.match(/\p{L}{2,}/gu) ?? []).length;
}

/**
 * Some producers draw a word several times at the same spot to make it look bold; pdf.js then returns
 * the copies as cells of one line: "Fonds\tFonds\tFonds\tFonds", the first copy glued to the text before
 * it and the last to the text after it ("(der „Fonds\tFonds\tFonds\tFonds“), ein Teilfonds"), and the
 * punctuation inside a copy repeated ("Laufzeit::::"). Runs of identical cells are folded back into one
 * text. Only key documents are read this way: in a factsheet's table, equal cells side by side are data.
 */
export function collapseOverprint(line: string): string {
  if (!line.includes('\t')) return line;
  const cells = line.split('\t');
  const out: string[] = [];
  let folded = false;
  for (let i = 0; i < cells.length; i++) {
    const copy = cells[i];
    let end = i;
    while (end + 1 < cells.length && cells[end + 1] === copy) end++;
    const run = end - i + 1;
    const before = out.length > 0 ? out[out.length - 1] : null;
    const after = end + 1 < cells.length ? cells[end + 1] : null;
    const gluedBefore = before !== null && endsWithWord(before, copy);
    const gluedAfter = after !== null && after.startsWith(copy);
    if (!isOverprintable(copy) || run + Number(gluedBefore) + Number(gluedAfter) < OVERPRINT_COPIES || run < 2) {
      // The whole run is data; the next cell looked at is the one after it (each cell is looked at once: linear).
      for (let k = i; k <= end; k++) out.push(copy);
      i = end;
      continue;
    }
    folded = true;
    if (gluedBefore && gluedAfter) {
      out[out.length - 1] = before + after.slice(copy.length);
      i = end + 1;
    } else if (gluedBefore || gluedAfter) {
      i = end; // the copy lives on in its neighbour
    } else {
      out.push(copy);
      i = end;
    }
  }
  const text = out.join('\t');
  // "Laufzeit::::", "Kleinanleger----Zielgruppe", "Szenario¹¹¹¹": the copies of a punctuation mark.
  return folded ? text.replace(/([:;,.\-–*¹²³⁴⁵⁶⁷⁸⁹])\1{2,}/g, '$1') : text;
}

/** Copies of one drawn text, counting those glued to their neighbours; two equal cells can be data. */
const OVERPRINT_COPIES = 3;

function isOverprintable(cell: string): boolean {
  return (cell.match(/\p{L}/gu) ?? []).length >= 2;
}

function endsWithWord(text: string, tail: string): boolean {
  if (!text.endsWith(tail)) return false;
  const before = text.charAt(text.length - tail.length - 1);
  return before === '' || !/[\p{L}\p{N}]/u.test(before);
}

/** Lines joined into one string so a pattern can span line breaks, with a way back to the page of a match. */
export class LineIndex {
  readonly flat: string;
  private readonly starts: number[] = [];

  constructor(readonly lines: TextLine[]) {
    let offset = 0;
    for (const line of lines) {
      this.starts.push(offset);
      offset += line.text.length + 1;
    }
    this.flat = lines.map((l) => l.text).join('\n');
  }

  /** Index of the line holding a character offset of `flat`. */
  lineAt(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** 1-based page of a character offset of `flat` (1 for an empty document). */
  pageAt(offset: number): number {
    return this.lines.length === 0 ? 1 : this.lines[this.lineAt(offset)].page;
  }
}
