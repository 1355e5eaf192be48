/**
 * The answers an upgrade must keep (test/upgrade.test.ts): recorded from a previous release's API when its dataset
 * was made (makeData.ts), and read again from the current code once that dataset is migrated. What changes by
 * itself between two reads (quota counters, cache flags, the default window of the change feed) is left out here.
 */

/** Sample funds of the library every release writes. */
export const FUNDS = ['ZZSMPL000014', 'ZZSMPL000055', 'ZZSMPL000113'];
export const SCPI = 'sample-logistique-urbaine';
/** Where the dataset's webhook delivers: the upgrade test listens there to check the release's signatures. */
export const WEBHOOK_PORT = 18765;

export interface Answers extends Recorded {
  keys: { user: string; operator: string };
  /** The fund whose document changed between its two loads. */
  changed: string;
  webhookSecret: string;
  /** GET /me last, after every charged call of the recording: the credits the upgraded stack must show first. */
  me?: unknown;
}

export interface Recorded {
  funds: unknown[];
  holdings: unknown[];
  changes: unknown;
  scpi: unknown;
  webhooks: unknown;
  factsheets: unknown[];
  documents: unknown;
}

export async function recordAnswers(api: string, keys: Answers['keys'], changed: string): Promise<Recorded> {
  const get = (key: string, pathname: string) => read(api, key, pathname);
  const funds = [];
  for (const isin of [...FUNDS, changed]) funds.push(withoutVolatile(await get(keys.user, `/funds/${isin}`)));
  const holdings = [];
  for (const isin of FUNDS) holdings.push(withoutVolatile(await get(keys.user, `/funds/${isin}/holdings?limit=20`)));
  const list = (await get(keys.user, '/factsheets')) as { factsheets: Array<{ id: string }> };
  const factsheets = [withoutVolatile(list)];
  for (const { id } of list.factsheets) factsheets.push(withoutVolatile(await get(keys.user, `/factsheets/${id}`)));
  return {
    funds,
    holdings,
    changes: withoutVolatile(await get(keys.user, `/changes?since=2026-01-01T00:00:00Z&limit=100`)),
    scpi: withoutVolatile(await get(keys.user, `/scpi/${SCPI}`)),
    webhooks: withoutVolatile(await get(keys.user, '/webhooks')),
    factsheets,
    documents: withoutVolatile(await get(keys.operator, '/documents')),
  };
}

/** GET /me without what a call changes by itself (the burst window). */
export async function recordMe(api: string, key: string): Promise<unknown> {
  const me = (await read(api, key, '/me')) as { quota: Record<string, unknown> } & Record<string, unknown>;
  const { burst: _burst, ...quota } = me.quota;
  return { ...me, quota };
}

/** An answer, with the API's own origin (in keyless links) written `<origin>`: the two stacks run on other ports. */
async function read(api: string, key: string, pathname: string): Promise<unknown> {
  const res = await fetch(`${api}${pathname}`, { headers: { 'X-Api-Key': key } });
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
  return JSON.parse((await res.text()).replaceAll(new URL(api).origin, '<origin>')) as unknown;
}

/** An answer without its quota (counts that every call moves) and cache flag (whether this read hit the cache). */
function withoutVolatile(answer: unknown): unknown {
  if (!answer || typeof answer !== 'object') return answer;
  const { quota: _quota, cached: _cached, plan: _plan, ...rest } = answer as Record<string, unknown>;
  return rest;
}
