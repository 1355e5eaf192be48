/**
 * The README's quick start, runnable from a clone (in your code, import from '@fund-data-service/client'):
 *   FDS_API_URL=http://127.0.0.1:8080/api/v1 FDS_API_KEY=fds_... npx tsx clients/typescript/examples/quickstart.ts
 */
import { call, createFundDataClient } from '../src/index';

async function main(): Promise<void> {
  const client = createFundDataClient({ apiKey: process.env.FDS_API_KEY ?? '', baseUrl: process.env.FDS_API_URL });
  const fund = await call(client.api.GET('/funds/{isin}', { params: { path: { isin: 'ZZSMPL000014' } } }));
  console.log(fund.isin, fund.name, fund.data.keyFacts.currency, fund.quota.remaining);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
