/**
 * Captures the OpenAPI document's response examples from a running API on the sample library:
 *   tsx scripts/openapiExamples.ts http://127.0.0.1:3000/api/v1 <scale key>
 * writes src/schema/examples/<operationId>.json, each a real answer with long series cut to their first items
 * (src/schema/examples.test.ts checks every one against its schema).
 */
import fs from 'node:fs';
import path from 'node:path';

const [base, key] = process.argv.slice(2);
if (!base || !key) throw new Error('usage: tsx scripts/openapiExamples.ts <API URL> <scale key>');

const JSON_BODY = { 'Content-Type': 'application/json' };
/** operationId -> the request whose answer illustrates it (sample funds ZZSMPL000014 and ZZSMPL000055). */
const REQUESTS: Record<string, { path: string; method?: string; body?: unknown; keyless?: boolean }> = {
  getFund: { path: '/funds/ZZSMPL000014' },
  getFundHoldings: { path: '/funds/ZZSMPL000014/holdings?limit=5' },
  batchFunds: { path: '/funds', method: 'POST', body: { isins: ['ZZSMPL000014'] } },
  searchFunds: { path: '/search?q=sample%20global&limit=3' },
  getDemoFund: { path: '/demo/funds/ZZSMPL000014', keyless: true },
  lookThroughPortfolio: {
    path: '/portfolio',
    method: 'POST',
    body: {
      positions: [
        { isin: 'ZZSMPL000014', weight: 60 },
        { isin: 'ZZSMPL000055', weight: 40 },
      ],
    },
  },
  compareOverlap: { path: '/overlap?isins=ZZSMPL000014,ZZSMPL000055' },
  searchScpi: { path: '/scpi?q=logistique&limit=2' },
  getScpi: { path: '/scpi/sample-logistique-urbaine' },
  getAccount: { path: '/me' },
};
/** Arrays longer than this are cut to it: an example shows the shape, not a whole series. */
const KEEP_ITEMS = 3;

function trimmed(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, KEEP_ITEMS).map(trimmed);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trimmed(v)]));
  return value;
}

async function main(): Promise<void> {
  const folder = path.join(__dirname, '..', 'src', 'schema', 'examples');
  for (const [operationId, request] of Object.entries(REQUESTS)) {
    const answer = await fetch(base + request.path, {
      method: request.method ?? 'GET',
      headers: { ...(request.keyless ? {} : { Authorization: `Bearer ${key}` }), ...(request.body ? JSON_BODY : {}) },
      body: request.body ? JSON.stringify(request.body) : undefined,
    });
    if (!answer.ok) throw new Error(`${operationId}: ${request.path} answered ${answer.status}`);
    const example = trimmed(await answer.json());
    fs.writeFileSync(path.join(folder, `${operationId}.json`), `${JSON.stringify(example, null, 2)}\n`);
    console.log(`${operationId}.json`);
  }
}

void main();
