import type { Context } from 'koa';

import { fundFastPath, type FundRouteDeps } from './route';

/** Deps whose meter throws at once: a call that reaches the handler ends there, with this message. */
const deps = { meter: { caller: async () => Promise.reject(new Error('handler')) } } as unknown as FundRouteDeps;

async function route(method: string, path: string): Promise<{ by: 'handler' | 'next'; params?: unknown }> {
  const ctx = { method, path } as Context;
  let by: 'handler' | 'next' = 'next';
  await Promise.resolve(fundFastPath('/api/v1', deps)(ctx, async () => {})).catch((err: Error) => {
    if (err.message === 'handler') by = 'handler';
  });
  return { by, params: ctx.params };
}

describe('GET /funds/{isin} ahead of the routers', () => {
  it('takes the plain form, with the ISIN as the router would give it', async () => {
    expect(await route('GET', '/api/v1/funds/ZZSMPL000014')).toEqual({
      by: 'handler',
      params: { isin: 'ZZSMPL000014' },
    });
    expect(await route('GET', '/api/v1/funds/notanisin')).toEqual({ by: 'handler', params: { isin: 'notanisin' } });
  });

  it('leaves every other form to the routers', async () => {
    for (const [method, path] of [
      ['HEAD', '/api/v1/funds/ZZSMPL000014'],
      ['POST', '/api/v1/funds/ZZSMPL000014'],
      ['GET', '/api/v1/funds/ZZSMPL000014/'],
      ['GET', '/api/v1/funds/ZZSMPL000014/holdings'],
      ['GET', '/API/V1/FUNDS/ZZSMPL000014'],
      ['GET', '/api/v1/funds/ZZ%53MPL000014'],
      ['GET', '/api/v1/funds/'],
      ['GET', '/api/v1/funds'],
      ['GET', '/api/v1x/funds/ZZSMPL000014'],
      ['GET', `/api/v1/funds/${'A'.repeat(65)}`],
    ]) {
      expect({ method, path, ...(await route(method, path)) }).toEqual({ method, path, by: 'next', params: undefined });
    }
  });
});
