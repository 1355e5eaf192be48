import { AccountsRepository } from '../src/db/repositories/accounts';
import type { ErrorBody } from '../src/schema/errors';
import { API, db, get, json, newKey } from './helpers';

describe('API keys (spec section 5)', () => {
  it('accepts Authorization: Bearer and X-Api-Key', async () => {
    const { key } = await newKey('free');
    expect((await get('/me', key)).status).toBe(200);
    expect((await fetch(`${API}/me`, { headers: { 'X-Api-Key': key } })).status).toBe(200);
    expect((await fetch(`${API}/me`, { headers: { Authorization: `bearer ${key}` } })).status).toBe(200);
  });

  it('answers 401 missing_api_key without credentials', async () => {
    const res = await get('/me');
    expect(res.status).toBe(401);
    expect(await json<ErrorBody>(res)).toMatchObject({ code: 'missing_api_key' });
    expect((await json<ErrorBody>(await get('/funds/US0378331005'))).code).toBe('missing_api_key');
  });

  it.each([
    ['malformed', 'not-a-key'],
    ['unknown', 'fds_AAAAAAAAAAAA_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB'],
    ['an empty bearer', ''],
  ])('answers 401 invalid_api_key for a %s key', async (_label, bad) => {
    const res = await fetch(`${API}/me`, { headers: { Authorization: `Bearer ${bad}` } });
    expect(res.status).toBe(401);
    expect((await json<ErrorBody>(res)).code).toBe('invalid_api_key');
  });

  it('answers invalid_api_key for a known id with a wrong secret', async () => {
    const { key } = await newKey('free');
    const tampered = key.slice(0, -1) + (key.endsWith('a') ? 'b' : 'a');
    expect((await json<ErrorBody>(await get('/me', tampered))).code).toBe('invalid_api_key');
  });

  it('answers revoked_api_key at once after a revoke, also on a bad ISIN', async () => {
    const { key, keyId } = await newKey('pro');
    expect((await get('/me', key)).status).toBe(200);
    await new AccountsRepository(db()).revokeKey(keyId);
    const res = await get('/me', key);
    expect(res.status).toBe(401);
    expect((await json<ErrorBody>(res)).code).toBe('revoked_api_key');
    expect((await json<ErrorBody>(await get('/funds/BAD', key))).code).toBe('revoked_api_key');
  });

  it('stores keys hashed, never in plain text', async () => {
    const { key, keyId } = await newKey('free');
    const { rows } = await db().query<{ row: string }>(
      'SELECT row_to_json(k)::text AS row FROM api_keys k WHERE id = $1',
      [keyId],
    );
    expect(rows[0].row).not.toContain(key.split('_')[2]);
  });
});
