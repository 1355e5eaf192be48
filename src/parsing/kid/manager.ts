import type { Hit } from '../text/hits';
import type { LineIndex } from '../text/lines';
import { isWebAddress } from './nameText';
import { definedTerm, firstIn, type Vocabulary } from './vocabulary';

/**
 * Who manages or manufactures the product, in any EEA language: labelled, described in a sentence, or an entity name
 * standing alone in the header. Patterns follow the LINEAR TIME rules of parsers/kid.ts: the text comes from outside.
 */

/**
 * The legal forms that end a company's name in the EEA (and the UK and Switzerland), as printed: the forms of each
 * country's company law, with and without dots, and the labels managers add to them (SGR, SGIIC, KVG, TFI, S.A.I.,
 * ΑΕΔΑΚ). Case is kept: "AS" is a form, "as" a word.
 */
const LEGAL_FORMS = [
  // Ireland, the UK, Malta, Cyprus
  'Limited|Ltd.|Ltd|plc|PLC|p.l.c.|DAC|LLP|Teoranta|Teo.',
  // France, Belgium, Luxembourg, Switzerland
  'S.A.|SA|S.A.S.|SAS|SASU|S.C.A.|SCA|SNC|SARL|S.à r.l.|S.a.r.l.|Sàrl|S.à.r.l.|SCS|SRL|SComm|CVBA|SICAV|SICAF',
  // Germany, Austria, Liechtenstein
  'GmbH|mbH|m.b.H.|Ges.m.b.H.|GesmbH|AG|KG|KGaA|SE|eG|KAG|KVG|Anstalt',
  // the Netherlands; Italy, Spain, Portugal
  'N.V.|NV|B.V.|BV',
  'S.p.A.|SpA|S.r.l.|Srl|SGR|S.G.R.|S.L.|SL|S.A.U.|S.L.U.|SGIIC|S.G.I.I.C.|SGOIC|S.G.O.I.C.|Lda.|Lda',
  // the Nordic countries and the Baltic states
  'A/S|ApS|P/S|AB|AS|ASA|Oy|Oyj|Ab|hf.|ehf.|OÜ|UAB|IPAS|SIA',
  // central and eastern Europe
  'Zrt.|Nyrt.|Kft.|Bt.|a.s.|s.r.o.|správ. spol., a.s.|sp. z o.o.|Sp. z o.o.|TFI|S.A.I.|SAI|S.R.L.|d.o.o.|d.d.',
  // Bulgaria, Greece
  'АД|ЕАД|ООД|ЕООД|УД|Α.Ε.|ΑΕ|Α.Ε.Δ.Α.Κ.|ΑΕΔΑΚ|Μ.Α.Ε.Δ.Α.Κ.|Ε.Π.Ε.|Α.Ε.Π.Ε.Υ.|ΑΕΠΕΥ',
  // elsewhere
  'LLC|Inc.|Inc|Corp.',
].flatMap((group) => group.split('|'));

const ESCAPED_FORMS = [...new Set(LEGAL_FORMS)]
  .sort((a, b) => b.length - a.length)
  .map((f) => f.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));

/** Not followed by a letter or digit of any script: "AS" is no form in "ASSET", nor "АД" in "АДМИНИСТРАЦИЯ". */
const FORM_END = String.raw`(?![\p{L}\p{N}_])`;
const FORM = `(?:${ESCAPED_FORMS.join('|')})${FORM_END}`;
/** One legal form, or a chain of them ("S.A., SGIIC", "SGR S.p.A.", "TFI S.A."); at most three, so a run is bounded. */
const ENTITY_SUFFIX = String.raw`${FORM}(?:(?:,\s?|\s)${FORM}){0,2}`;

/**
 * An entity name as a capturing group: a capital of any script, then at most 100 characters up to a legal form after a
 * blank, a hyphen ("Investment-GmbH") or a comma ("investiční společnost, a.s."). Needs the `u` flag.
 * Linear: the body is bounded, and each step of it tries the forms only after a separator.
 */
const ENTITY = String.raw`(\p{Lu}[^,;\n"]{1,100}?(?:,\s?|[\s-])${ENTITY_SUFFIX})`;

/**
 * The Baltic states print the legal form first and quote the name: UAB „INVL Asset Management“, IPAS "X" (quotes
 * normalised to " by the text reader). Linear: a fixed form, then a bounded quoted run without quotes.
 */
const QUOTED_ENTITY = String.raw`((?:UAB|IPAS|AAS|SIA|AS|AB)\s"[^"\n]{2,80}")`;

/** A labelled value's entity: up to its first legal form (commas allowed: "Example, S.A."), not what follows. */
const LEADING_ENTITY = new RegExp(String.raw`^(\p{Lu}[^;\n"]{1,100}?(?:,\s?|[\s-])${ENTITY_SUFFIX})`, 'u');

/**
 * Manager/manufacturer: labelled, else defined in a sentence or "managed by X", else an entity name standing alone in
 * the header.
 */
export function findManager(doc: LineIndex, vocabs: readonly Vocabulary[]): Hit<string> | null {
  const flat = doc.flat.replace(/\n/g, ' ');
  return (
    firstIn(vocabs, (v) => labelledManager(doc, v)) ??
    describedManager(doc, flat, vocabs) ??
    standaloneManager(doc, vocabs)
  );
}

function labelledManager(doc: LineIndex, v: Vocabulary): Hit<string> | null {
  const entity = new RegExp(`^${ENTITY}`, 'u');
  for (const line of doc.lines.slice(0, 80)) {
    const m = v.managerLabel.exec(line.text);
    const value = m ? labelledEntity(m[1], v) : '';
    if (value) return { value, page: line.page };
    // "PRIIP-Hersteller Invesco Investment Management Limited, ein Unternehmen der Invesco Group."
    const bare = v.managerLabelNoColon.exec(line.text);
    const named = bare && entity.exec(bare[1]);
    if (named) return { value: cleanEntity(named[1], v), page: line.page };
  }
  return null;
}

/**
 * A labelled manager: the entity up to its legal form ("Example Bank AG, www.example.de. Call ..." is "Example Bank
 * AG"), else the value up to a web address.
 */
function labelledEntity(value: string, v: Vocabulary): string {
  const entity = LEADING_ENTITY.exec(value);
  if (entity) return cleanEntity(entity[1], v);
  const words = value.split(/\s/);
  const web = words.findIndex((w) => isWebAddress(w));
  return cleanEntity(web < 0 ? value : words.slice(0, web).join(' '), v);
}

/**
 * "managed by X Limited", "X Limited (the "Management Company")", in any of the languages: one pattern
 * for all of them, since an entity name is costly to try at every capital of the text.
 */
function describedManager(doc: LineIndex, flat: string, vocabs: readonly Vocabulary[]): Hit<string> | null {
  const managedBy = vocabs.map((v) => v.managedBy).join('|');
  const terms = vocabs.map((v) => v.managerTerm).join('|');
  const patterns = [
    new RegExp(String.raw`(?<![\p{L}])(?:${managedBy})\s+${ENTITY}`, 'gu'),
    new RegExp(String.raw`${ENTITY}\s*${definedTerm(terms)}`, 'gu'),
    new RegExp(String.raw`(?<![\p{L}])(?:${managedBy})\s+${QUOTED_ENTITY}`, 'gu'),
  ];
  for (const re of patterns) {
    const m = re.exec(flat);
    if (m) return { value: vocabs.reduce((name, v) => cleanEntity(name, v), m[1]), page: doc.pageAt(m.index) };
  }
  return null;
}

function standaloneManager(doc: LineIndex, vocabs: readonly Vocabulary[]): Hit<string> | null {
  const standalone = new RegExp(
    String.raw`^(\p{Lu}[\p{L}\p{N}_&.,'() -]{1,80}?(?:,\s?|[\s-])${ENTITY_SUFFIX})\s*(?:\("[^"]*"\))?\.?$`,
    'u',
  );
  for (const line of doc.lines.slice(0, 30)) {
    if (vocabs.some((v) => v.subFundOf.test(line.text))) continue;
    const s = standalone.exec(line.text);
    if (s) return { value: cleanEntity(s[1], vocabs[0]), page: line.page };
  }
  return null;
}

/** A name ending in a legal form: its final full stop is the form's ("Example S.A.", "Example Rekstrarfélag hf."). */
const ENDS_IN_FORM = new RegExp(String.raw`(?:^|[\s,-])(?:${ESCAPED_FORMS.join('|')})$`, 'u');

function cleanEntity(raw: string, v: Vocabulary): string {
  // Linear: each blank-led pattern is tried from the first blank of a run only ((?<!\s)).
  const name = raw
    .replace(/(?<!\s)\s*\("[^"]*"\)/g, '')
    .replace(/(?<!\s)\s*\((?:the )?"?[^)]{1,20}"?\)\s*$/, '')
    .split(v.relativeSplit)[0]
    .trim();
  if (ENDS_IN_FORM.test(name)) return name;
  // A sentence's full stop goes, an abbreviation's stays ("Example Ltd.", "Example Co.").
  return name
    .replace(/(?<!\b(?:[A-Z]\.[A-Z]|Ltd|Inc|Corp|Co|Cie|plc|N\.V|B\.V))[.,;]\s*$/, '')
    .replace(/[,;]\s*$/, '')
    .trim();
}
