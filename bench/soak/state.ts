/**
 * What the traffic works on: keys, funds, SCPI, saved factsheets and webhook endpoints, and what the run counted of
 * them.
 */
import type { createPool } from '../../src/db/postgres';
import { PLAN_IDS, type PlanId } from '../../src/domain/plans';
import { pick } from './random';
import { type Answer, headerOf, obj } from './request';

export interface Sheet {
  id: string;
  /** Path of the keyless page from the origin, /api/v1/shared/factsheets/<token>. */
  sharedPath: string;
  key: string;
  busy: number;
  favorite: boolean;
}

export interface Hook {
  id: string;
  key: string;
  busy: number;
  active: boolean;
}

export interface State {
  keys: Record<PlanId, string[]>;
  turns: Record<PlanId, number>;
  warm: string[];
  names: string[];
  cold: string[];
  coldLoaded: Set<string>;
  coldTurn: number;
  coldRefreshes: number;
  unknownTurn: number;
  remembered: string[];
  notCached: string[];
  scpi: { slug: string; isin: string | null }[];
  searchQueries: string[];
  sheetKeys: string[];
  sheets: Sheet[];
  hookKeys: string[];
  hooks: Hook[];
  hooksPending: Map<string, number>;
  receiverUrl: string;
  received: number;
  documents: { name: string; bytes: Buffer }[];
  db: ReturnType<typeof createPool>;
}

/** One value per plan, in the plans' order. */
export const perPlan = <T>(make: (plan: PlanId) => T) =>
  Object.fromEntries(PLAN_IDS.map((plan) => [plan, make(plan)])) as Record<PlanId, T>;

/** An empty state over the database the set-up and the cold funds' ageing use. */
export function emptyState(db: ReturnType<typeof createPool>): State {
  return {
    keys: perPlan(() => []),
    turns: perPlan(() => 0),
    warm: [],
    names: [],
    cold: [],
    coldLoaded: new Set(),
    coldTurn: 0,
    coldRefreshes: 0,
    unknownTurn: 0,
    remembered: [],
    notCached: [],
    scpi: [],
    searchQueries: [],
    sheetKeys: [],
    sheets: [],
    hookKeys: [],
    hooks: [],
    hooksPending: new Map(),
    receiverUrl: '',
    received: 0,
    documents: [],
    db,
  };
}

/** The plan's keys in turn. */
export function keyOf(state: State, plan: PlanId): string {
  const keys = state.keys[plan];
  return keys[state.turns[plan]++ % keys.length];
}

export const warmIsin = (state: State) => pick(state.warm);

/** The id of a factsheet that does not exist. */
export const NO_SUCH_SHEET = '00000000-0000-4000-8000-000000000000';

/** The id of a webhook endpoint that does not exist. */
export const NO_SUCH_HOOK = 'we_doesnotexist';

/** The sheet a POST /factsheets saved: a link's id and page are in the JSON body, a document's in its headers. */
export function savedSheet(answer: Answer, key: string, deliver: 'link' | 'document'): Sheet {
  const id = deliver === 'link' ? String(obj(answer).id) : headerOf(answer, 'x-factsheet-id');
  const url =
    deliver === 'link'
      ? String((obj(answer).links as Record<string, string>).html)
      : headerOf(answer, 'x-factsheet-url');
  return { id, sharedPath: new URL(url).pathname, key, busy: 0, favorite: false };
}

/** The webhook endpoint a POST /webhooks created. */
export const savedHook = (answer: Answer, key: string): Hook => ({
  id: String(obj(answer).id),
  key,
  busy: 0,
  active: true,
});
