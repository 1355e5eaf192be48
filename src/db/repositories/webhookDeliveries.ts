import type { Pool, PoolClient } from 'pg';

import { endpointWants, type PublishedChange, webhookEvents } from '../../domain/webhooks';
import type { DeliveryResult } from '../../usecases/ports/webhooks';
import { withTransaction } from '../postgres';
import type { SecretBox } from '../secretBox';

/** A delivery the fan-out created: one event to one endpoint. */
export interface PlannedDelivery {
  eventId: string;
  endpointId: string;
}

/** What one attempt needs; null when the endpoint is gone. */
export interface DeliveryAttempt {
  url: string;
  secret: string;
  active: boolean;
  body: string;
}

interface OutboxRow {
  feed_id: string;
  isin: string;
  name: string | null;
  event: PublishedChange['event'];
  field: string;
  old: string;
  new: string;
  data_as_of: string;
  generated_at: Date;
  changed_at: Date;
}

/** Webhook deliveries in Postgres: the fan-out of published changes, and each attempt's record. */
export class WebhookDeliveriesRepository {
  constructor(
    private readonly pool: Pool,
    private readonly box: SecretBox,
    private readonly fundUrl: (isin: string, resource: 'funds' | 'scpi') => string,
  ) {}

  /**
   * Turns the published change rows not yet fanned out into events, creates one delivery per active
   * endpoint that wants each, and marks the rows, in one transaction: the rows are fanned out once
   * (concurrent fan-outs skip each other's rows), and a delivery is created once (primary key).
   */
  async fanOut(): Promise<PlannedDelivery[]> {
    return withTransaction(this.pool, async (client) => {
      const { rows } = await client.query<OutboxRow>(
        `SELECT feed_id, isin, name, event, field, old, new, data_as_of, generated_at, changed_at FROM change_outbox
          WHERE relayed AND NOT fanned_out ORDER BY feed_id FOR UPDATE SKIP LOCKED`,
      );
      if (rows.length === 0) return [];
      const planned = await this.planFor(client, rows);
      await client.query('UPDATE change_outbox SET fanned_out = true WHERE feed_id = ANY($1::bigint[])', [
        rows.map((r) => r.feed_id),
      ]);
      return planned;
    });
  }

  private async planFor(client: PoolClient, rows: OutboxRow[]): Promise<PlannedDelivery[]> {
    const events = webhookEvents(rows.map(publishedChange), this.fundUrl);
    const { rows: endpoints } = await client.query<{ id: string; events: string[]; isins: string[] | null }>(
      'SELECT id, events, isins FROM webhook_endpoints WHERE active',
    );
    const deliveries = events.flatMap((event) =>
      endpoints
        .filter((e) => endpointWants(e, event))
        .map((e) => ({ eventId: event.id, endpointId: e.id, body: JSON.stringify(event) })),
    );
    if (deliveries.length === 0) return [];
    const { rows: created } = await client.query<{ event_id: string; endpoint_id: string }>(
      `INSERT INTO webhook_deliveries (event_id, endpoint_id, body) SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
       ON CONFLICT DO NOTHING RETURNING event_id, endpoint_id`,
      [deliveries.map((d) => d.eventId), deliveries.map((d) => d.endpointId), deliveries.map((d) => d.body)],
    );
    return created.map((r) => ({ eventId: r.event_id, endpointId: r.endpoint_id }));
  }

  async attempt(eventId: string, endpointId: string): Promise<DeliveryAttempt | null> {
    const { rows } = await this.pool.query<{ url: string; secret_sealed: Buffer; active: boolean; body: string }>(
      `SELECT e.url, e.secret_sealed, e.active, d.body FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
        WHERE d.event_id = $1 AND d.endpoint_id = $2`,
      [eventId, endpointId],
    );
    const r = rows[0];
    return r ? { url: r.url, secret: this.box.open(r.secret_sealed), active: r.active, body: r.body } : null;
  }

  async record(eventId: string, endpointId: string, result: DeliveryResult): Promise<void> {
    await this.pool.query(
      `UPDATE webhook_deliveries SET attempts = attempts + 1, last_status = $3, last_error = $4, delivered_at = CASE WHEN $5 THEN now() END
        WHERE event_id = $1 AND endpoint_id = $2`,
      [eventId, endpointId, result.status, result.error?.slice(0, 500) ?? null, result.delivered],
    );
  }

  /** After the last retry failed: the endpoint receives nothing more until its owner enables it. */
  async disableEndpoint(endpointId: string): Promise<void> {
    await this.pool.query('UPDATE webhook_endpoints SET active = false WHERE id = $1', [endpointId]);
  }
}

function publishedChange(r: OutboxRow): PublishedChange {
  return {
    feedId: Number(r.feed_id),
    isin: r.isin,
    name: r.name,
    event: r.event,
    field: r.field,
    old: r.old,
    new: r.new,
    dataAsOf: r.data_as_of,
    generatedAt: r.generated_at.toISOString(),
    changedAt: r.changed_at.toISOString(),
  };
}
