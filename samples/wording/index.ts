import type { KeyDocumentWording } from './types';

/**
 * The wording of KIDs and KIIDs in the EEA's other official languages, one file each, written from the regulations'
 * language versions and published documents (not from the parser's tables). Adding a language is adding its file
 * here and its table in src/parsing/kid/languages/.
 */
export const EEA_WORDING = {} satisfies Record<string, KeyDocumentWording>;
