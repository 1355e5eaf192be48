import { randomBytes } from 'node:crypto';

import type { Pool } from 'pg';

import type { ChangeEvent } from '../../schema/changes';
import type { WebhookEndpoint, WebhookSpec, WebhookStore } from '../../usecases/ports/webhooks';
import type { SecretBox } from '../secretBox';

interface EndpointRow {
  id: string;
  url: string;
  events: ChangeEvent[];
  isins: string[] | null;
  active: boolean;
  created_at: Date;
  secret_sealed?: Buffer;
}

const COLUMNS = 'id, url, events, isins, active, created_at';

/** Webhook endpoints in Postgres, secrets sealed by the SecretBox; every read is scoped to the account. */
export class WebhooksRepository implements WebhookStore {
  constructor(
    private readonly pool: Pool,
    private readonly box: SecretBox,
  ) {}

  async create(accountId: number, spec: WebhookSpec): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const id = `we_${randomBytes(12).toString('hex')}`;
    const secret = `whsec_${randomBytes(32).toString('base64url')}`;
    const { rows } = await this.pool.query<EndpointRow>(
      `INSERT INTO webhook_endpoints (id, account_id, url, events, isins, secret_sealed) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [id, accountId, spec.url, spec.events, spec.isins, this.box.seal(secret)],
    );
    return { endpoint: endpointOf(rows[0]), secret };
  }

  async count(accountId: number): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM webhook_endpoints WHERE account_id = $1',
      [accountId],
    );
    return rows[0].n;
  }

  async list(accountId: number): Promise<WebhookEndpoint[]> {
    const { rows } = await this.pool.query<EndpointRow>(
      `SELECT ${COLUMNS} FROM webhook_endpoints WHERE account_id = $1 ORDER BY created_at, id`,
      [accountId],
    );
    return rows.map(endpointOf);
  }

  async withSecret(accountId: number, id: string): Promise<{ endpoint: WebhookEndpoint; secret: string } | null> {
    const { rows } = await this.pool.query<EndpointRow>(
      `SELECT ${COLUMNS}, secret_sealed FROM webhook_endpoints WHERE account_id = $1 AND id = $2`,
      [accountId, id],
    );
    return rows[0] ? { endpoint: endpointOf(rows[0]), secret: this.box.open(rows[0].secret_sealed!) } : null;
  }

  async setActive(accountId: number, id: string, active: boolean): Promise<WebhookEndpoint | null> {
    const { rows } = await this.pool.query<EndpointRow>(
      `UPDATE webhook_endpoints SET active = $3 WHERE account_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
      [accountId, id, active],
    );
    return rows[0] ? endpointOf(rows[0]) : null;
  }

  async remove(accountId: number, id: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('DELETE FROM webhook_endpoints WHERE account_id = $1 AND id = $2', [
      accountId,
      id,
    ]);
    return rowCount === 1;
  }
}

function endpointOf(r: EndpointRow): WebhookEndpoint {
  return { id: r.id, url: r.url, events: r.events, isins: r.isins, active: r.active, createdAt: r.created_at };
}
