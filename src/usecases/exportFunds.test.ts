import { exportFunds } from './exportFunds';
import type { Billing } from './ports/billing';
import type { ExportCursor, ExportedFund, ExportFilter, FundExport } from './ports/export';

const FILTER: ExportFilter = { issuer: null, assetClass: null, currency: null, generatedAfterUs: null };

const fund = (isin: string): ExportedFund => ({
  isin,
  name: `Fund ${isin}`,
  generatedAt: new Date(0),
  expiresAt: new Date(1),
  payloadJson: '{}',
});

/** Billing that records what happened to the call's credit. */
function recordingBilling(refuse?: Error): Billing & { events: string[] } {
  const events: string[] = [];
  return {
    events,
    charge: () => {
      if (refuse) return Promise.reject(refuse);
      events.push('charge');
      return Promise.resolve();
    },
    refund: () => {
      events.push('refund');
      return Promise.resolve();
    },
  };
}

/** A cursor over `funds` whose read number `failAt` (0-based) fails, when given. */
class ListCursor implements ExportCursor {
  closed = 0;
  private read = 0;
  constructor(
    private readonly funds: ExportedFund[],
    private readonly failAt?: number,
  ) {}

  next(): Promise<ExportedFund | null> {
    if (this.closed > 0) return Promise.resolve(null);
    if (this.read === this.failAt) return Promise.reject(new Error('connection lost'));
    return Promise.resolve(this.funds[this.read++] ?? null);
  }

  close(): Promise<void> {
    this.closed++;
    return Promise.resolve();
  }
}

const exportOver = (cursor: ExportCursor | null, opening?: Error): FundExport & { opened: number } => {
  const store = {
    opened: 0,
    open: () => {
      store.opened++;
      if (opening) return Promise.reject(opening);
      return Promise.resolve(cursor);
    },
  };
  return store;
};

async function drain(funds: AsyncIterable<ExportedFund>): Promise<string[]> {
  const isins: string[] = [];
  for await (const f of funds) isins.push(f.isin);
  return isins;
}

describe('exportFunds', () => {
  it('charges once, then gives every fund of the cursor in order', async () => {
    const billing = recordingBilling();
    const run = await exportFunds(exportOver(new ListCursor([fund('A'), fund('B'), fund('C')])), FILTER, billing);
    if (run.outcome !== 'exporting') throw new Error(run.outcome);
    expect(await drain(run.funds)).toEqual(['A', 'B', 'C']);
    expect(billing.events).toEqual(['charge']);
  });

  it('reads the first fund before answering, so an empty export is known at once', async () => {
    const cursor = new ListCursor([]);
    const run = await exportFunds(exportOver(cursor), FILTER, recordingBilling());
    if (run.outcome !== 'exporting') throw new Error(run.outcome);
    expect(await drain(run.funds)).toEqual([]);
  });

  it('opens nothing when the charge is refused (plan, burst, credits)', async () => {
    const store = exportOver(new ListCursor([fund('A')]));
    await expect(exportFunds(store, FILTER, recordingBilling(new Error('plan_required')))).rejects.toThrow(
      'plan_required',
    );
    expect(store.opened).toBe(0);
  });

  it('refunds and passes the error on when the cursor cannot be opened', async () => {
    const billing = recordingBilling();
    await expect(exportFunds(exportOver(null, new Error('database down')), FILTER, billing)).rejects.toThrow(
      'database down',
    );
    expect(billing.events).toEqual(['charge', 'refund']);
  });

  it('refunds and passes the error on when the first read fails, before anything is sent', async () => {
    const billing = recordingBilling();
    await expect(exportFunds(exportOver(new ListCursor([fund('A')], 0)), FILTER, billing)).rejects.toThrow(
      'connection lost',
    );
    expect(billing.events).toEqual(['charge', 'refund']);
  });

  it('refunds when a later read fails, and the stream fails with it', async () => {
    const billing = recordingBilling();
    const run = await exportFunds(exportOver(new ListCursor([fund('A'), fund('B'), fund('C')], 2)), FILTER, billing);
    if (run.outcome !== 'exporting') throw new Error(run.outcome);
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const f of run.funds) seen.push(f.isin);
      })(),
    ).rejects.toThrow('connection lost');
    expect(seen).toEqual(['A', 'B']);
    expect(billing.events).toEqual(['charge', 'refund']);
  });

  it('keeps the credit when the caller stops early (a client that went away), and close reaches the cursor', async () => {
    const billing = recordingBilling();
    const cursor = new ListCursor([fund('A'), fund('B'), fund('C')]);
    const run = await exportFunds(exportOver(cursor), FILTER, billing);
    if (run.outcome !== 'exporting') throw new Error(run.outcome);
    for await (const f of run.funds) if (f.isin === 'A') break;
    await run.close();
    expect(cursor.closed).toBe(1);
    expect(billing.events).toEqual(['charge']);
  });

  it('answers busy and refunds when no export connection is free', async () => {
    const billing = recordingBilling();
    expect(await exportFunds(exportOver(null), FILTER, billing)).toEqual({ outcome: 'busy' });
    expect(billing.events).toEqual(['charge', 'refund']);
  });
});
