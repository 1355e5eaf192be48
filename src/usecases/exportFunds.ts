import type { Billing } from './ports/billing';
import type { ExportCursor, ExportedFund, ExportFilter, FundExport } from './ports/export';

export type ExportRun =
  /**
   * The stored funds, read as the caller consumes them; `close` ends the read early (the caller must call it when
   * done).
   */
  | { outcome: 'exporting'; funds: AsyncIterable<ExportedFund>; close(): Promise<void> }
  /** Every connection set aside for exports is in use: nothing charged, retry shortly. */
  | { outcome: 'busy' };

/**
 * The story of GET /export: charge the call (1 credit, the plan gate with it), open a cursor over the
 * stored funds matching the filter and read the first one before anything is sent, so that a database
 * failure at the start is an ordinary error answer and costs nothing. A failure later in the stream
 * is refunded too; a client that goes away is not.
 */
export async function exportFunds(exports: FundExport, filter: ExportFilter, billing: Billing): Promise<ExportRun> {
  await billing.charge();
  const cursor = await refundingOnFailure(billing, () => exports.open(filter));
  if (!cursor) {
    await billing.refund();
    return { outcome: 'busy' };
  }
  const first = await refundingOnFailure(billing, () => cursor.next());
  return { outcome: 'exporting', funds: fundsFrom(first, cursor, billing), close: () => cursor.close() };
}

async function* fundsFrom(
  first: ExportedFund | null,
  cursor: ExportCursor,
  billing: Billing,
): AsyncGenerator<ExportedFund> {
  for (let fund = first; fund !== null; fund = await refundingOnFailure(billing, () => cursor.next())) yield fund;
}

/** Runs a step of the read; when it fails (our side), the call's credit is given back before the error goes on. */
async function refundingOnFailure<T>(billing: Billing, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    await billing.refund();
    throw err;
  }
}
