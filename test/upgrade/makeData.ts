/**
 * Makes the dataset of a previous release for test/upgrade.test.ts: run by scripts/upgradeFixture.sh inside that
 * release's stack (`stack.ts run`), with its own key command. It calls that release's API as users did (keys, funds,
 * a changed fund, holdings, SCPI, a webhook, factsheets, a filed document), records every answer in `answers.json`,
 * and backs the stack up with this tree's `npm run backup` into `backup/`.
 *
 *   tsx test/upgrade/makeData.ts <fixture folder> <the release's tree>
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { Pool } from 'pg';

import { loadConfig } from '../../src/config';
import { isinCheckDigit } from '../../src/schema/isin';
import { eptFile } from '../fixtures/findatexRows';
import { type Answers, FUNDS, recordAnswers, recordMe, SCPI, WEBHOOK_PORT } from './answers';

const [out, tree] = process.argv.slice(2);
const ROOT = path.join(__dirname, '..', '..');
const config = loadConfig();
const api = `http://127.0.0.1:${config.port}/api/v1`;

async function main(): Promise<void> {
  const keys = { user: createKey('upgrade-user@example.com', 'scale'), operator: createKey('ops@example.com', null) };
  const changed = await changedFund(keys.user);
  for (const isin of FUNDS) await call(keys.user, `/funds/${isin}`);
  await call(keys.user, `/scpi/${SCPI}`);
  const webhook = (await call(keys.user, '/webhooks', {
    url: `http://127.0.0.1:${WEBHOOK_PORT}/hook`, // loopback http: allowed on test stacks; the upgrade test listens
    events: ['fund.changed'],
  })) as { secret: string };
  await call(keys.user, '/factsheets', { isin: FUNDS[0], deliver: 'link' });
  await call(keys.user, '/factsheets', { isin: FUNDS[1], deliver: 'link', language: 'fr' });
  await fileDocument(keys.operator);
  const recorded = await recordAnswers(api, keys, changed);
  const answers: Answers = {
    keys,
    changed,
    webhookSecret: webhook.secret,
    ...recorded,
    me: await recordMe(api, keys.user),
  };
  fs.writeFileSync(path.join(out, 'answers.json'), `${JSON.stringify(answers, null, 2)}\n`);
  execFileSync(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/backup.ts', path.join(out, 'backup')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}

/** A key made by the release's own command (its schema, its hashing). */
function createKey(email: string, plan: string | null): string {
  const args = ['scripts/keys.ts', 'create', '--email', email, ...(plan ? ['--plan', plan] : ['--operator'])];
  const printed = execFileSync(path.join(tree, 'node_modules', '.bin', 'tsx'), args, { cwd: tree, encoding: 'utf8' });
  return (JSON.parse(printed) as { key: string }).key;
}

/** A fund of its own whose document changes after its first load: its change rows are in the feed. */
async function changedFund(key: string): Promise<string> {
  const body = 'ZZUPGR00001';
  const isin = body + isinCheckDigit(body);
  const write = (sri: number) => {
    fs.mkdirSync(path.join(config.libraryDir, isin), { recursive: true });
    fs.writeFileSync(path.join(config.libraryDir, isin, 'ept.csv'), upgradedFund(isin, sri));
  };
  write(3);
  await call(key, `/funds/${isin}`);
  write(5);
  const pool = new Pool({ connectionString: config.postgres.url });
  await pool.query("UPDATE funds SET expires_at = now() - interval '1 second' WHERE isin = $1", [isin]);
  await pool.end();
  await new Promise((resolve) => setTimeout(resolve, 2_000)); // the API's short payload cache
  await call(key, `/funds/${isin}`);
  return isin;
}

function upgradedFund(isin: string, sri: number): string {
  return eptFile(isin, 'Sample Upgraded Fund', sri, 'Upgrade Manager');
}

async function fileDocument(key: string): Promise<void> {
  const body = 'ZZUPGR00002';
  const isin = body + isinCheckDigit(body);
  const form = new FormData();
  form.append('file', new Blob([upgradedFund(isin, 4)], { type: 'text/csv' }), 'ept.csv');
  const res = await fetch(`${api}/documents`, { method: 'POST', headers: { 'X-Api-Key': key }, body: form });
  if (!res.ok) throw new Error(`POST /documents: ${res.status} ${await res.text()}`);
}

async function call(key: string, pathname: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${api}${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'X-Api-Key': key, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
  return res.json();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
