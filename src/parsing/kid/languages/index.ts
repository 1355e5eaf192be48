import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { nl } from './nl';
import { pt } from './pt';
import type { KidLanguage } from './types';

export type { KidLanguage } from './types';

/**
 * The languages KIDs and KIIDs are read in, one table each. Adding a language is adding its table
 * here: the parser has no code per language.
 */
export const KID_LANGUAGES: readonly KidLanguage[] = [en, fr, de, it, es, nl, pt];

export const KID_LANGUAGE_CODES: readonly string[] = KID_LANGUAGES.map((l) => l.code);
