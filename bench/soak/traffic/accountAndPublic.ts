/**
 * The account's and the keyless traffic: GET /me (with and without a key), health, the plan gates (403), the demo, the
 * OpenAPI document and the docs pages.
 */
import { api, nextDemoConnection } from '../connections';
import { pick, random } from '../random';
import { call, codeIs, obj } from '../request';
import { keyOf, type State, warmIsin } from '../state';
import type { Operation } from './operation';

/** GET /me with a key of every paid plan and without one (401), and GET /health. */
export function accountReads(state: State): Operation[] {
  return [
    {
      endpoint: 'GET /me',
      weight: 90,
      plans: ['enterprise', 'scale', 'pro', 'starter'],
      async run(phase) {
        await call(phase, this.endpoint, {
          method: 'GET',
          path: api('/me'),
          key: keyOf(state, pick(this.plans)),
          expect: [200],
          kind: 'json',
        });
      },
    },
    {
      endpoint: 'GET /me (no key: 401)',
      weight: 8,
      plans: [],
      async run(phase) {
        await call(phase, this.endpoint, {
          method: 'GET',
          path: api('/me'),
          expect: [401],
          kind: 'json',
          check: codeIs('missing_api_key'),
        });
      },
    },
    {
      endpoint: 'GET /health',
      weight: 30,
      plans: [],
      async run(phase) {
        await call(phase, this.endpoint, {
          method: 'GET',
          path: api('/health'),
          expect: [200],
          kind: 'json',
          check: (a) => (obj(a).status === 'ok' ? null : `status ${String(obj(a).status)}`),
        });
      },
    },
  ];
}

/** A starter key on the endpoints of higher plans: 403. */
export function planGates(state: State): Operation[] {
  return (['/changes', '/webhooks', '/export'] as const).map((route): Operation => ({
    endpoint: `GET ${route} (starter key: 403)`,
    weight: 2,
    plans: ['starter'],
    async run(phase) {
      await call(phase, this.endpoint, {
        method: 'GET',
        path: api(route),
        key: keyOf(state, 'starter'),
        expect: [403],
        kind: 'json',
        check: codeIs('plan_required'),
      });
    },
  }));
}

/** The keyless demo, the OpenAPI document and the docs pages. */
export function publicReads(state: State): Operation[] {
  return [
    {
      endpoint: 'GET /demo/funds/{isin}',
      weight: 12,
      plans: [],
      async run(phase) {
        // Keyless, limited per client address (DEMO_REQUESTS_PER_MINUTE): the calls come from several loopback
        // addresses in turn.
        const via = nextDemoConnection();
        if (random() < 0.2) {
          await call(phase, `${this.endpoint} (not loaded: 404)`, {
            method: 'GET',
            path: api(`/demo/funds/${pick(state.notCached)}`),
            via,
            expect: [404],
            kind: 'json',
            check: codeIs('not_cached'),
          });
          return;
        }
        await call(phase, this.endpoint, {
          method: 'GET',
          path: api(`/demo/funds/${warmIsin(state)}`),
          via,
          expect: [200],
          kind: 'json',
        });
      },
    },
    {
      endpoint: 'GET /openapi.json',
      weight: 10,
      plans: [],
      async run(phase) {
        await call(phase, this.endpoint, {
          method: 'GET',
          path: api('/openapi.json'),
          expect: [200],
          kind: 'json',
          check: (a) => (typeof obj(a).openapi === 'string' ? null : 'no openapi field'),
        });
      },
    },
    ...(
      [
        ['/docs', 'html', 5],
        ['/docs/methodology', 'html', 5],
        ['/docs/redoc.standalone.js', 'any', 2],
      ] as const
    ).map(([route, kind, weight]): Operation => ({
      endpoint: `GET ${route}`,
      weight,
      plans: [],
      async run(phase) {
        await call(phase, this.endpoint, { method: 'GET', path: route, expect: [200], kind });
      },
    })),
  ];
}
