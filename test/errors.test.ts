import type { ErrorBody } from '../src/schema/errors';
import { API, get, json } from './helpers';

describe('errors and request ids (spec section 7)', () => {
  it('answers unknown routes with a JSON 404', async () => {
    for (const path of ['/nope', '/funds/US0378331005/extra', '/funds/US0378331005/holdings/more']) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await json<ErrorBody>(res)).toMatchObject({ code: 'not_found', message: expect.any(String) as unknown });
    }
    // /funds exists for POST (the batch): GET is a JSON 405 naming it.
    const batchPath = await get('/funds');
    expect(batchPath.status).toBe(405);
    expect(batchPath.headers.get('allow')).toMatch(/POST/);
    expect((await json<ErrorBody>(batchPath)).code).toBe('method_not_allowed');
    const outside = await fetch(API.replace('/api/v1', '/anything'));
    expect(outside.status).toBe(404);
    expect((await json<ErrorBody>(outside)).code).toBe('not_found');
  });

  it('answers a malformed JSON body with 400 invalid_body', async () => {
    const res = await fetch(`${API}/me`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"isins": [',
    });
    expect(res.status).toBe(400);
    expect(await json<ErrorBody>(res)).toMatchObject({ code: 'invalid_body' });
  });

  it('answers a wrong method with a JSON 405 naming the allowed ones', async () => {
    const res = await fetch(`${API}/me`, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('GET');
    expect((await json<ErrorBody>(res)).code).toBe('method_not_allowed');
  });

  it('puts an X-Request-Id on every response, keeping a sane one from the caller', async () => {
    for (const res of [await get('/health'), await get('/me'), await get('/nope'), await get('/openapi.json')]) {
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
    const mine = await get('/me', undefined, { 'X-Request-Id': 'client-chosen-id-123' });
    expect(mine.headers.get('x-request-id')).toBe('client-chosen-id-123');
    expect((await json<ErrorBody>(mine)).requestId).toBe('client-chosen-id-123');
    const hostile = await get('/me', undefined, { 'X-Request-Id': '<script>alert(1)</script>' });
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never shows a stack trace', async () => {
    const bodies = await Promise.all(
      ['/nope', '/me', '/funds/XX', '/openapi.json/x'].map(async (p) => (await get(p)).text()),
    );
    for (const body of bodies) expect(body).not.toMatch(/\bat .*\.(ts|js):\d+|Error:/);
  });
});
