/**
 * Upgrades on real data (issue 26): each kept dataset of a previous release (test/fixtures/upgrade/<revision>/, made
 * by that release's own code: `npm run upgrade:fixture -- <revision>`) is restored into an empty stack at its own
 * schema, the current migrations are applied, and the current code must serve every stored fund, key, webhook,
 * factsheet, document and change as that release did.
 */
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';

import { PrivateStack } from './privateStack';
import { type Answers, recordAnswers, recordMe, WEBHOOK_PORT } from './upgrade/answers';

const run = promisify(execFile);
const ROOT = path.join(__dirname, '..');
const FIXTURES = path.join(__dirname, 'fixtures', 'upgrade');
const PORTS = {
  api: 8202,
  postgres: 5464,
  clickhouseHttp: 8154,
  clickhouseTcp: 9031,
  temporal: 7264,
  temporalUi: 8264,
};
const releases = fs.readdirSync(FIXTURES).filter((name) => fs.existsSync(path.join(FIXTURES, name, 'answers.json')));

describe.each(releases)('the dataset of release %s', (release) => {
  const fixture = path.join(FIXTURES, release);
  const answers = JSON.parse(fs.readFileSync(path.join(fixture, 'answers.json'), 'utf8')) as Answers;
  const stack = new PrivateStack(`upgrade-${release}`, PORTS);

  beforeAll(async () => {
    await stack.start({
      beforeMigrate: async () => {
        await run('node_modules/.bin/tsx', ['scripts/restore.ts', path.join(fixture, 'backup')], {
          cwd: ROOT,
          env: stack.env(),
        });
      },
    });
  }, 300_000);

  afterAll(async () => {
    await stack.stop();
  }, 60_000);

  it('is served as that release served it once the current migrations ran', async () => {
    expect(await recordMe(stack.api, answers.keys.user)).toEqual(answers.me); // the same key, plan and credits used
    const { keys, changed } = answers;
    const served = await recordAnswers(stack.api, keys, changed);
    const { funds, holdings, changes, scpi, webhooks, factsheets, documents } = answers;
    expect(served).toEqual({ funds, holdings, changes, scpi, webhooks, factsheets, documents });
  }, 120_000);

  it("signs a test delivery with that release's webhook secret, and its factsheet links still open", async () => {
    const hits: Array<{ signature: string; body: string }> = [];
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        hits.push({ signature: String(req.headers['x-service-signature']), body: Buffer.concat(chunks).toString() });
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(WEBHOOK_PORT, '127.0.0.1', resolve));
    try {
      const { webhooks } = answers.webhooks as { webhooks: Array<{ id: string }> };
      const tested = await post(stack.api, answers.keys.user, `/webhooks/${webhooks[0].id}`, { action: 'test' });
      expect(tested.status).toBe(200);
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(hits[0].signature)!;
      expect(v1).toBe(createHmac('sha256', answers.webhookSecret).update(`${t}.${hits[0].body}`).digest('hex'));
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const { factsheets } = answers.factsheets[0] as { factsheets: Array<{ links: { html: string } }> };
    const page = await fetch(factsheets[0].links.html.replace('<origin>', new URL(stack.api).origin));
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<html/);
  }, 120_000);
});

function post(api: string, key: string, pathname: string, body: unknown): Promise<Response> {
  return fetch(`${api}${pathname}`, {
    method: 'POST',
    headers: { 'X-Api-Key': key, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}
