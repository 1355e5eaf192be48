import { bg } from './bg';
import { cs } from './cs';
import { da } from './da';
import { de } from './de';
import { el } from './el';
import { en } from './en';
import { es } from './es';
import { et } from './et';
import { fi } from './fi';
import { fr } from './fr';
import { ga } from './ga';
import { hr } from './hr';
import { hu } from './hu';
import { is } from './is';
import { it } from './it';
import { lt } from './lt';
import { lv } from './lv';
import { mt } from './mt';
import { nl } from './nl';
import { no } from './no';
import { pl } from './pl';
import { pt } from './pt';
import { ro } from './ro';
import { sk } from './sk';
import { sl } from './sl';
import { sv } from './sv';
import type { KidLanguage } from './types';

export type { KidLanguage } from './types';

/**
 * The languages KIDs and KIIDs are read in, one table each. Adding a language is adding its table
 * here: the parser has no code per language.
 */
export const KID_LANGUAGES: readonly KidLanguage[] = [
  en,
  fr,
  de,
  it,
  es,
  nl,
  pt,
  hu,
  ro,
  lv,
  lt,
  mt,
  ga,
  pl,
  da,
  sv,
  no,
  is,
  fi,
  et,
  bg,
  cs,
  el,
  hr,
  sk,
  sl,
];

export const KID_LANGUAGE_CODES: readonly string[] = KID_LANGUAGES.map((l) => l.code);
