import { bg } from './bg';
import { cs } from './cs';
import { da } from './da';
import { el } from './el';
import { et } from './et';
import { fi } from './fi';
import { ga } from './ga';
import { hr } from './hr';
import { hu } from './hu';
import { is } from './is';
import { lt } from './lt';
import { lv } from './lv';
import { mt } from './mt';
import { no } from './no';
import { pl } from './pl';
import { ro } from './ro';
import { sk } from './sk';
import { sl } from './sl';
import { sv } from './sv';
import type { KeyDocumentWording } from './types';

/**
 * The wording of KIDs and KIIDs in the EEA's other official languages, one file each, written from the regulations'
 * language versions and published documents (not from the parser's tables). Adding a language is adding its file
 * here and its table in src/parsing/kid/languages/.
 */
export const EEA_WORDING = {
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
} satisfies Record<string, KeyDocumentWording>;
