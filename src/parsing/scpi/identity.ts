import type { Hit } from '../text/hits';
import { firstIsin } from '../text/isin';
import { readFrenchDate } from './french';
import { firstHit, type LabelHit, type ScpiText, WINDOW } from './labels';
import type { ScpiCategory, ScpiScalarHits } from './types';

/**
 * Who the SCPI is and what kind: name, management company, ISIN, category, capital, creation year, délai
 * de jouissance, risk class, SFDR article, label ISR. Labels are folded phrases (labels.ts); every
 * pattern runs on one line or a window of it (LINEAR TIME, parsers/kid.ts).
 */
export function readIdentity(text: ScpiText): ScpiScalarHits {
  const hits: ScpiScalarHits = {};
  const set = <K extends keyof ScpiScalarHits>(field: K, hit: ScpiScalarHits[K] | null) => {
    if (hit) hits[field] = hit;
  };
  set('keyFacts.name', findName(text));
  set('keyFacts.managementCompany', findManagementCompany(text));
  set('keyFacts.isin', findIsin(text));
  set('keyFacts.category', findCategory(text));
  set(
    'keyFacts.capitalType',
    firstHit(text, /\bcapital (fixe|variable)\b/g, (h) => h.match[1] as 'fixe' | 'variable'),
  );
  set('keyFacts.creationYear', firstHit(text, CREATION, creationYear));
  set(
    'keyFacts.delayOfJouissance',
    firstHit(text, JOUISSANCE, (h) => statedText(text, h, 80)),
  );
  set('keyFacts.riskIndicator', findRiskClass(text));
  set(
    'keyFacts.sfdrArticle',
    firstHit(text, /\barticle ([689])\b/g, (h) => (mentionsSfdr(text, h.line) ? Number(h.match[1]) : null)),
  );
  set(
    'keyFacts.labelIsr',
    firstHit(text, LABEL_ISR, (h) => labelIsr(text, h)),
  );
  return hits;
}

/** The printed text after a label in its cell, without the colon, up to a sentence or clause end. */
function statedText(text: ScpiText, hit: LabelHit, max: number): string | null {
  const raw = text.printedValue(hit, WINDOW).replace(/^[\s:=–-]+/, '');
  const clause = raw.split(/[;.](?:\s|$)|\s[–|]\s|\s-\s/)[0].trim();
  return clause.length >= 2 && clause.length <= max ? clause : null;
}

// ---------------------------------------------------------------------------------------------- name

const NAME_LABEL = /(?:^|\t)(?:nom de la scpi|nom du produit|denomination(?: sociale)?|produit|nom) ?:/g;
/** Words that follow "SCPI" in a sentence about SCPI in general, never in a name. */
const NOT_A_NAME =
  /^(?:a|de|d'|du|des|en|et|est|qui|dont|les?|la|pour|sur|ou|par|investit|regie|gere|classee|labellisee|immobiliere)\b/i;

/** "Nom du produit : SCPI Iroko Zen", else a title line "SCPI IROKO ZEN – Bulletin trimestriel" on the first page. */
function findName(text: ScpiText): Hit<string> | null {
  const labelled = firstHit(text, NAME_LABEL, (h) => cleanName(text.printedValue(h, 100)));
  if (labelled) return labelled;
  for (let i = 0; i < text.lines.length && text.lines[i].page === 1; i++) {
    const m = /^(scpi) ([^\t]{2,80})/i.exec(text.printedLine(i));
    const name = m && !NOT_A_NAME.test(m[2]) ? cleanName(m[0]) : null;
    if (name) return { value: name, page: 1 };
  }
  return null;
}

/**
 * The name as the document prints it, "SCPI" included when printed ("SCPI Iroko Zen" and "Iroko Zen" are
 * both names a management company uses; the payload keeps the document's), up to a dash, a comma, a
 * parenthesis or a cell end.
 */
function cleanName(raw: string): string | null {
  const name = raw
    .replace(/^[\s:]+/, '')
    .split(/\s[–|-]\s|[,;(\t]|\s:/)[0]
    .trim();
  const bare = name.replace(/^scpi\s+/i, '');
  const words = bare.split(' ').length;
  return /^[\p{Lu}\d]/u.test(bare) && words <= 6 && name.length <= 60 ? name : null;
}

// ---------------------------------------------------------------------------------------------- company

const COMPANY = /societe de gestion|\bgeree? par|initiateur(?: du priip)?|nom de l'initiateur|\bgerant\b/g;

/**
 * "Société de gestion : Iroko", "gérée par Alderan SAS": a name that starts with a capital (never "de portefeuille
 * agréée..."), its legal form kept.
 */
function findManagementCompany(text: ScpiText): Hit<string> | null {
  return firstHit(text, COMPANY, (h) => {
    const raw = text.printedValue(h, 100).replace(/^[\s:]+/, '');
    // The legal form is part of the name as stated ("Sample Pierre Gestion SAS"); what follows it is not.
    const name = raw
      .split(
        /[,;(\t]|\s[–|-]\s|\s(?:agréée?|agree|société|au capital|immatricul|dont le siège|siège|rcs)\b|\.(?:\s|$)/i,
      )[0]
      .trim();
    return /^[\p{Lu}\d]/u.test(name) && name.length >= 2 && name.length <= 60 ? name : null;
  });
}

function findIsin(text: ScpiText): Hit<string> | null {
  for (const line of text.lines) {
    const m = firstIsin(line.text);
    if (m) return { value: m.isin, page: line.page };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------- category

const CATEGORY_LABEL =
  /(?:categorie|typologie|classification|type de scpi|strategie d'investissement|secteur d'investissement)(?: de la scpi)? ?:/g;
/**
 * "SCPI de bureaux", "SCPI à dominante commerces", and the typology without a preposition: "SCPI santé et
 * éducation", "SCPI logistique et locaux d'activités", "SCPI résidentielle", "SCPI européenne diversifiée",
 * "SCPI thématique", "SCPI hôtels, tourisme et loisirs". The first word after "SCPI" decides.
 */
const CATEGORY_PHRASE =
  /\bscpi (?:de rendement )?(?:(?:a dominante|de|a vocation|investie en) |d')?(bureaux|commerces?|sante|logistique|diversifiee|residentiel(?:le)?|europeenne|habitation|immobilier (?:de )?sante|thematique|hotels?|hotellerie|tourisme|loisirs|education)\b/g;

/** Keywords of each category, on folded text; the first that matches decides. */
const CATEGORY_WORDS: ReadonlyArray<[RegExp, ScpiCategory]> = [
  [/diversifi/, 'diversifiée'],
  [/europ/, 'européenne'],
  [/bureau/, 'bureaux'],
  [/commerc/, 'commerces'],
  [/sante|medical|ehpad/, 'santé'],
  [/logisti|entrepot|locaux d'activite/, 'logistique'],
  [/residenti|habitation|logement/, 'résidentiel'],
  [/hotel|touris|loisir|thematique|education|alternati|autre/, 'autre'],
];

function categoryOf(folded: string): ScpiCategory | null {
  return CATEGORY_WORDS.find(([re]) => re.test(folded))?.[1] ?? null;
}

/** "Catégorie : SCPI de bureaux", else "SCPI de rendement à dominante bureaux" anywhere. */
function findCategory(text: ScpiText): Hit<ScpiCategory> | null {
  const labelled = firstHit(text, CATEGORY_LABEL, (h) =>
    categoryOf(text.lines[h.line].folded.slice(h.end, h.end + 60)),
  );
  return labelled ?? firstHit(text, CATEGORY_PHRASE, (h) => categoryOf(h.match[1]));
}

// ---------------------------------------------------------------------------------------------- dates, terms

const CREATION =
  /date de creation|annee de creation|\bcreee? (?:le|en)\b|date d'immatriculation|immatriculee? (?:le|en)\b/g;

/** "Date de création : 12/02/2019", "créée en 2019": the year. */
function creationYear(hit: LabelHit): number | null {
  const input = hit.match.input.slice(hit.end, hit.end + 40);
  const date = readFrenchDate(input);
  const year = date ? Number(date.slice(0, 4)) : Number(/\b((?:19|20)\d{2})\b/.exec(input)?.[1] ?? NaN);
  return Number.isFinite(year) && year >= 1950 && year <= 2100 ? year : null;
}

const JOUISSANCE = /delai de jouissance|date d'entree en jouissance|entree en jouissance|jouissance des parts/g;

// ---------------------------------------------------------------------------------------------- risk, SFDR, label

const RISK_CLASS =
  /(?:classe|categorie|niveau) de risque (?:de )?([1-7])\b|\b([1-7]) ?(?:sur|\/) ?7\b|indicateur (?:synthetique )?de risque(?: \((?:isr|sri)\))?(?: est)?(?: de| egal a)? ?:? ?([1-7])\b/g;

/** "Nous avons classé ce produit dans la classe de risque 3 sur 7" (the DIC's PRIIPs sentence). */
function findRiskClass(text: ScpiText): Hit<number> | null {
  return firstHit(text, RISK_CLASS, (h) => {
    const value = Number(h.match[1] ?? h.match[2] ?? h.match[3]);
    return value >= 1 && value <= 7 ? value : null;
  });
}

/**
 * The SFDR classification sentence names the regulation on its line or the next ("article 8 du règlement (UE)
 * 2019/2088").
 */
function mentionsSfdr(text: ScpiText, line: number): boolean {
  const near = [line - 1, line, line + 1].map((i) => text.lines[i]?.folded.slice(0, 400) ?? '').join(' ');
  return /\bsfdr\b|2019\/2088|disclosure|finance durable/.test(near);
}

const LABEL_ISR = /\blabel(?:lisee?|lise)? isr\b|label investissement socialement responsable/g;

/** "Label ISR : oui" / "labellisée ISR" is true; "Label ISR : non", "ne dispose pas du label ISR" false. */
function labelIsr(text: ScpiText, hit: LabelHit): boolean {
  const after = text.lines[hit.line].folded.slice(hit.end, hit.end + 12);
  const before = text.before(hit);
  if (/^ ?:? ?(?:non|aucun|n\/a|-)\b/.test(after) || /\b(?:pas|sans|aucun)\b[^.]{0,20}$/.test(before)) return false;
  return true;
}
