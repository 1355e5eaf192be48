import type { StoredFund } from '../../../usecases/ports';
import type { Quota } from '../../../domain/metering';
import type { PlanId } from '../../../domain/plans';

const CLOSE = Buffer.from('}');

/**
 * The fund envelope as JSON byte parts. The stored payload is already encoded JSON, so it is spliced in
 * as it is: on the hot path, parsing and re-encoding a 30 KB payload per request cost more than
 * everything else the handler does.
 */
export function fundEnvelopeParts(fund: StoredFund, cached: boolean, plan: PlanId, quota: Quota): Buffer[] {
  const head =
    `{"isin":${JSON.stringify(fund.isin)},"name":${JSON.stringify(fund.name)},"cached":${cached},` +
    `"generatedAt":"${fund.generatedAt.toISOString()}","expiresAt":"${fund.expiresAt.toISOString()}",` +
    `"plan":"${plan}","quota":${JSON.stringify(quota)},"data":`;
  return [Buffer.from(head), fund.payload, CLOSE];
}

/** The demo envelope: no plan, no quota; always served from the store, so always cached. */
export function demoEnvelopeParts(fund: StoredFund): Buffer[] {
  const head =
    `{"isin":${JSON.stringify(fund.isin)},"name":${JSON.stringify(fund.name)},"demo":true,"cached":true,` +
    `"generatedAt":"${fund.generatedAt.toISOString()}","expiresAt":"${fund.expiresAt.toISOString()}","data":`;
  return [Buffer.from(head), fund.payload, CLOSE];
}
