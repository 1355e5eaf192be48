import { randomBytes } from 'node:crypto';

import type { Pool } from 'pg';

import type { ChangeEvent } from '../../schema/changes';
import type {
  DeliveryRecord,
  DeliveryResult,
  WebhookEndpoint,
  WebhookSpec,
  WebhookStore,
} from '../../usecases/ports/webhooks';
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
  async recordTest(endpointId: string, eventId: string, body: string, result: DeliveryResult): Promise<void> {
    await this.pool.query(
      `INSERT INTO webhook_deliveries (event_id, endpoint_id, body, attempts, last_status, last_error, delivered_at)
       VALUES ($1, $2, $3, 1, $4, $5, CASE WHEN $6 THEN now() END) ON CONFLICT DO NOTHING`,
      [eventId, endpointId, body, result.status, result.error, result.delivered],
    );
  }

  async deliveries(accountId: number, perEndpoint: number): Promise<Map<string, DeliveryRecord[]>> {
    const { rows } = await this.pool.query<{
      endpoint_id: string;
      event_id: string;
      attempts: number;
      last_status: number | null;
      last_error: string | null;
      created_at: Date;
      delivered_at: Date | null;
    }>(
      `SELECT d.endpoint_id, d.event_id, d.attempts, d.last_status, d.last_error, d.created_at, d.delivered_at
         FROM webhook_endpoints e
         CROSS JOIN LATERAL (SELECT * FROM webhook_deliveries w WHERE w.endpoint_id = e.id
                              ORDER BY w.created_at DESC, w.event_id DESC LIMIT $2) d
        WHERE e.account_id = $1`,
      [accountId, perEndpoint],
    );
    const byEndpoint = new Map<string, DeliveryRecord[]>();
    for (const r of rows) {
      const list = byEndpoint.get(r.endpoint_id) ?? [];
      list.push({
        eventId: r.event_id,
        attempts: r.attempts,
        lastStatus: r.last_status,
        lastError: r.last_error,
        createdAt: r.created_at,
        deliveredAt: r.delivered_at,
      });
      byEndpoint.set(r.endpoint_id, list);
    }
    return byEndpoint;
  }
}

function endpointOf(r: EndpointRow): WebhookEndpoint {
  return { id: r.id, url: r.url, events: r.events, isins: r.isins, active: r.active, createdAt: r.created_at };
}
