/**
 * Stands in for the dashboard, against the stack `npm start` runs (same default configuration).
 *   npm run --silent keys -- create --email E --plan P [--operator]  -> {"key": ..., "email": ..., "plan": ..., "operator": bool}
 *     --operator: the key may file documents (POST/GET/DELETE /documents); without --plan it gets the highest plan
 *   npm run --silent keys -- revoke KEY
 *   npm run --silent keys -- list
 *   npm run --silent keys -- plan EMAIL P
 *   npm run --silent keys -- demo [--rotate]              -> {"key": ..., "email": ..., "plan": ..., "new": bool}
 *     the demo key npm start prints (kept in <DATA_DIR>/demo-key); --rotate revokes it and issues a new one
 */
import { parseArgs } from 'node:util';

import { z } from 'zod';

import { loadConfigOrExit } from '../src/config';
import { createPool } from '../src/db/postgres';
import { AccountsRepository } from '../src/db/repositories/accounts';
import { apiKeyId } from '../src/domain/apiKeys';
import { PLAN_IDS } from '../src/domain/plans';
import { DEMO_EMAIL, demoKeyFile, ensureDemoKey } from './stack/demoKey';

const Email = z.email();
const Plan = z.enum(PLAN_IDS);

class UsageError extends Error {}

function fail(message: string): never {
  throw new UsageError(message);
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const config = loadConfigOrExit();
  const pool = createPool(config, 2);
  const accounts = new AccountsRepository(pool);
  try {
    switch (command) {
      case 'create': {
        const { values } = parseArgs({
          args: rest,
          options: {
            email: { type: 'string' },
            plan: { type: 'string' },
            label: { type: 'string' },
            operator: { type: 'boolean', default: false },
          },
        });
        const email = Email.safeParse(values.email);
        // An operator is staff, not a customer: the highest plan unless one is named.
        const plan = Plan.safeParse(values.plan ?? (values.operator ? PLAN_IDS.at(-1) : undefined));
        if (!email.success) fail(`--email must be an e-mail address (got ${JSON.stringify(values.email)})`);
        if (!plan.success) fail(`--plan must be one of ${PLAN_IDS.join(', ')} (got ${JSON.stringify(values.plan)})`);
        const created = await accounts.createKey(email.data.toLowerCase(), plan.data, values.label ?? null, {
          operator: values.operator,
        });
        const { key, plan: createdPlan, operator } = created;
        process.stdout.write(`${JSON.stringify({ key, email: created.email, plan: createdPlan, operator })}\n`);
        return;
      }
      case 'revoke': {
        const id = rest[0] ? (apiKeyId(rest[0]) ?? (/^[0-9A-Za-z]{12}$/.test(rest[0]) ? rest[0] : null)) : null;
        if (!id) fail('usage: keys revoke KEY (the whole key, or its 12-character id from keys list)');
        if (!(await accounts.revokeKey(id))) fail(`no such key: ${id}`);
        process.stdout.write(`${JSON.stringify({ revoked: id })}\n`);
        return;
      }
      case 'list': {
        for (const key of await accounts.listKeys()) process.stdout.write(`${JSON.stringify(key)}\n`);
        return;
      }
      case 'plan': {
        const email = Email.safeParse(rest[0]);
        const plan = Plan.safeParse(rest[1]);
        if (!email.success || !plan.success) fail(`usage: keys plan EMAIL PLAN (PLAN one of ${PLAN_IDS.join(', ')})`);
        if (!(await accounts.setPlan(email.data.toLowerCase(), plan.data))) fail(`no account for ${email.data}`);
        process.stdout.write(`${JSON.stringify({ email: email.data.toLowerCase(), plan: plan.data })}\n`);
        return;
      }
      case 'demo': {
        const { values } = parseArgs({ args: rest, options: { rotate: { type: 'boolean', default: false } } });
        const demo = await ensureDemoKey(accounts, demoKeyFile(config.dataDir), { rotate: values.rotate });
        const plan = await accounts.planOfKey(apiKeyId(demo.key) ?? '');
        process.stdout.write(`${JSON.stringify({ key: demo.key, email: DEMO_EMAIL, plan, new: !demo.reused })}\n`);
        return;
      }
      default:
        fail('usage: keys create --email E --plan P [--operator] | revoke KEY | list | plan EMAIL P | demo [--rotate]');
    }
  } finally {
    await pool.end();
  }
}

main(process.argv.slice(2)).catch((err) => {
  const message = err instanceof UsageError ? err.message : `keys: ${err instanceof Error ? err.message : String(err)}`;
  process.stderr.write(`${message}\n`);
  process.exit(err instanceof UsageError ? 2 : 1);
});
