/**
 * The fund data traffic: single funds (warm, cold, unknown, invalid), holdings, batches, search, the many-fund reads,
 * export, extraction, SCPI.
 */
import { api } from '../connections';
import { between, pick, random, sample, unknownIsin } from '../random';
import { call, codeIs, decodedText, obj } from '../request';
import { keyOf, type State, warmIsin } from '../state';
import type { Operation } from './operation';

/** GET /funds/{isin} in every case, its holdings, and POST /funds batches. */
export function fundReads(state: State): Operation[] {
  return [
    {
      endpoint: 'GET /funds/{isin} (warm)',
      weight: 330,
      plans: ['enterprise', 'enterprise', 'scale', 'pro'],
      async run(phase) {
        const isin = warmIsin(state);
        await call(phase, this.endpoint, {
          method: 'GET',
          path: api(`/funds/${isin}`),
          key: keyOf(state, pick(this.plans)),
          expect: [200],
          kind: 'json',
          check: (a) =>
            obj(a).isin === isin && obj(a).cached === true
              ? null
              : `isin ${String(obj(a).isin)}, cached ${String(obj(a).cached)}`,
        });
      },
    },
    {
      endpoint: 'GET /funds/{isin} (cold: first load or stale)',
      weight: 5,
      plans: ['enterprise'],
      async run(phase) {
        const isin = state.cold[state.coldTurn++ % state.cold.length];
        // Once stored, aged past the freshness window (as a day-old payload is): the request refreshes it through the
        // load workflow.
        if (state.coldLoaded.has(isin))
          await state.db.query(
            "UPDATE funds SET generated_at = now() - interval '25 hours', expires_at = now() - interval '1 hour' WHERE isin = $1",
            [isin],
          );
        const answer = await call(phase, this.endpoint, {
          method: 'GET',
          path: api(`/funds/${isin}`),
          key: keyOf(state, 'enterprise'),
          expect: [200],
          kind: 'json',
        });
        if (answer) {
          state.coldLoaded.add(isin);
          if (obj(answer).cached === false) state.coldRefreshes++;
        }
      },
    },
    {
      endpoint: 'GET /funds/{isin} (unknown: 404)',
      weight: 10,
      plans: ['enterprise', 'pro'],
      async run(phase) {
        // Every other one never asked before (a load that finds nothing), the others remembered misses.
        const turn = state.unknownTurn++;
        const isin = turn % 2 === 0 ? unknownIsin(100_000 + turn) : pick(state.remembered);
        await call(phase, this.endpoint, {
          method: 'GET',
          path: api(`/funds/${isin}`),
          key: keyOf(state, pick(this.plans)),
          expect: [404],
          kind: 'json',
          check: codeIs('fund_not_found'),
        });
      },
    },
    {
      endpoint: 'GET /funds/{isin} (invalid: 400)',
      weight: 8,
      plans: ['pro'],
      async run(phase) {
        const bad = pick(['ZZSMPL000015', 'ZZ123', 'NOT-AN-ISIN!', 'zzsmpl00001x']);
        await call(phase, this.endpoint, {
          method: 'GET',
          path: api(`/funds/${encodeURIComponent(bad)}`),
          key: keyOf(state, 'pro'),
          expect: [400],
          kind: 'json',
          check: codeIs('invalid_isin'),
        });
      },
    },
    {
      endpoint: 'GET /funds/{isin}/holdings',
      weight: 35,
      plans: ['enterprise', 'scale'],
      async run(phase) {
        await call(phase, this.endpoint, {
          method: 'GET',
          path: api(`/funds/${warmIsin(state)}/holdings`),
          key: keyOf(state, pick(this.plans)),
          expect: [200],
          kind: 'json',
        });
      },
    },
    {
      endpoint: 'POST /funds',
      weight: 40,
      plans: ['enterprise', 'scale'],
      async run(phase) {
        const warm = sample(state.warm, between(3, 12));
        const extra = random() < 0.3 ? [pick(state.remembered)] : [];
        const invalid = random() < 0.3 ? ['not-an-isin'] : [];
        const isins = [...warm, ...extra, ...invalid];
        const want = (input: string) => (warm.includes(input) ? 'ok' : extra.includes(input) ? 'not_found' : 'invalid');
        await call(phase, this.endpoint, {
          method: 'POST',
          path: api('/funds'),
          key: keyOf(state, pick(this.plans)),
          json: { isins, wait: true },
          expect: [200],
          kind: 'json',
          check: (a) => {
            const results = (obj(a).results ?? []) as { input: string; status: string }[];
            if (results.length !== isins.length) return `${results.length} results for ${isins.length} inputs`;
            const wrong = results.find((r, i) => r.input !== isins[i] || r.status !== want(r.input));
            return wrong ? `${wrong.input}: ${wrong.status}, expected ${want(wrong.input)}` : null;
          },
        });
      },
    },
  ];
}

export function search(state: State): Operation[] {
  return [
    {
      endpoint: 'GET /search',
      weight: 100,
      plans: ['enterprise', 'pro'],
      async run(phase) {
        const q = pick(state.searchQueries);
        await call(phase, this.endpoint, {
          method: 'GET',
          path: api(`/search?q=${encodeURIComponent(q)}&limit=${pick([5, 10, 20])}`),
          key: keyOf(state, pick(this.plans)),
          expect: [200],
          kind: 'json',
        });
      },
    },
  ];
}

/** Portfolio, overlap and changes. */
export function manyFundReads(state: State): Operation[] {
  return [
    {
      endpoint: 'POST /portfolio',
      weight: 30,
      plans: ['enterprise', 'scale'],
      async run(phase) {
        const positions = sample(state.warm, between(3, 15)).map((isin) => ({ isin, weight: between(1, 100) }));
        await call(phase, this.endpoint, {
          method: 'POST',
          path: api('/portfolio'),
          key: keyOf(state, pick(this.plans)),
          json: { positions, wait: true },
          expect: [200],
          kind: 'json',
          check: (a) => (Number(obj(a).coverage) > 0 ? null : `coverage ${String(obj(a).coverage)}`),
        });
      },
    },
    {
      endpoint: 'GET /overlap',
      weight: 30,
      plans: ['enterprise', 'scale'],
      async run(phase) {
        const isins = sample(state.warm, between(2, 5));
        const pairs = (isins.length * (isins.length - 1)) / 2;
        await call(phase, this.endpoint, {
          method: 'GET',
          path: api(`/overlap?isins=${isins.join(',')}`),
          key: keyOf(state, pick(this.plans)),
          expect: [200],
          kind: 'json',
          check: (a) =>
            (obj(a).pairs as unknown[] | undefined)?.length === pairs
              ? null
              : `${(obj(a).pairs as unknown[] | undefined)?.length} pairs, expected ${pairs}`,
        });
      },
    },
    {
      endpoint: 'GET /changes',
      weight: 30,
      plans: ['scale', 'enterprise'],
      async run(phase) {
        const query = pick([
          '',
          `?since=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}&limit=100`,
          `?isins=${sample(state.warm, 3).join(',')}`,
          '?event=fund.changed&limit=50',
        ]);
        await call(phase, this.endpoint, {
          method: 'GET',
          path: api(`/changes${query}`),
          key: keyOf(state, pick(this.plans)),
          expect: [200],
          kind: 'json',
        });
      },
    },
  ];
}

/** GET /export (plain, gzip, filtered) and POST /extract of a sample KID. */
export function exportAndExtract(state: State): Operation[] {
  return [
    {
      endpoint: 'GET /export',
      weight: 10,
      plans: ['enterprise', 'scale'],
      async run(phase) {
        const [query, variant, minLines] = pick([
          ['?gzip=0', 'plain', state.warm.length],
          ['?gzip=1', 'gzip', state.warm.length],
          ['?currency=EUR', 'currency filter', 1],
        ] as const);
        await call(phase, `${this.endpoint} (${variant})`, {
          method: 'GET',
          path: api(`/export${query}`),
          key: keyOf(state, pick(this.plans)),
          expect: [200],
          kind: 'ndjson',
          check: (a) => {
            const lines = decodedText(a).split('\n').filter(Boolean).length;
            return lines >= minLines ? null : `${lines} lines, expected at least ${minLines}`;
          },
        });
      },
    },
    {
      endpoint: 'POST /extract',
      weight: 5,
      plans: ['enterprise', 'pro'],
      async run(phase) {
        const document = pick(state.documents);
        const boundary = `----soak${Math.floor(random() * 1e12)}`;
        const body = Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nkid\r\n`),
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${document.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
          ),
          document.bytes,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        await call(phase, this.endpoint, {
          method: 'POST',
          path: api('/extract'),
          key: keyOf(state, pick(this.plans)),
          body,
          contentType: `multipart/form-data; boundary=${boundary}`,
          expect: [200],
          kind: 'json',
          check: (a) => (Number(obj(a).fieldsFilled) > 0 ? null : `fieldsFilled ${String(obj(a).fieldsFilled)}`),
        });
      },
    },
  ];
}

const SCPI_QUERIES = ['sample', 'bureaux', 'epargne', 'logistique', 'sante', 'residentiel', 'ZZSCPI', 'commerces'];

export function scpiReads(state: State): Operation[] {
  return [
    {
      endpoint: 'GET /scpi/{idOrIsin}',
      weight: 40,
      plans: ['enterprise', 'pro'],
      async run(phase) {
        const scpi = pick(state.scpi);
        const roll = random();
        const [id, variant, expect] =
          roll < 0.1
            ? (['sample-does-not-exist', 'unknown: 404', 404] as const)
            : roll < 0.4 && scpi.isin
              ? ([scpi.isin, 'ISIN', 200] as const)
              : ([scpi.slug, 'slug', 200] as const);
        await call(phase, `${this.endpoint}${variant === 'unknown: 404' ? ' (unknown: 404)' : ''}`, {
          method: 'GET',
          path: api(`/scpi/${encodeURIComponent(id)}`),
          key: keyOf(state, pick(this.plans)),
          expect: [expect],
          kind: 'json',
          check:
            expect === 200
              ? (a) => (obj(a).cached === true ? null : `cached ${String(obj(a).cached)} (${variant})`)
              : codeIs('not_found'),
        });
      },
    },
    {
      endpoint: 'GET /scpi',
      weight: 40,
      plans: ['enterprise', 'pro'],
      async run(phase) {
        await call(phase, this.endpoint, {
          method: 'GET',
          path: api(`/scpi?q=${encodeURIComponent(pick(SCPI_QUERIES))}&limit=${pick([5, 10, 50])}`),
          key: keyOf(state, pick(this.plans)),
          expect: [200],
          kind: 'json',
        });
      },
    },
  ];
}
