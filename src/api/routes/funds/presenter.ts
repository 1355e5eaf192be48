import type { StoredFund } from '../../../db/repositories/funds';
import type { Quota } from '../../../domain/metering';
import type { PlanId } from '../../../domain/plans';

/**
 * The fund envelope as JSON text. The stored payload is already JSON, so it is spliced in as it is
 * rather than parsed and serialised again on every warm request.
 */
export function fundEnvelopeJson(fund: StoredFund, cached: boolean, plan: PlanId, quota: Quota): string {
  return (
    `{"isin":${JSON.stringify(fund.isin)},"name":${JSON.stringify(fund.name)},"cached":${cached},` +
    `"generatedAt":"${fund.generatedAt.toISOString()}","expiresAt":"${fund.expiresAt.toISOString()}",` +
    `"plan":"${plan}","quota":${JSON.stringify(quota)},"data":${fund.payloadJson}}`
  );
}

/** The demo envelope: no plan, no quota; always served from the store, so always cached. */
export function demoEnvelopeJson(fund: StoredFund): string {
  return (
    `{"isin":${JSON.stringify(fund.isin)},"name":${JSON.stringify(fund.name)},"demo":true,"cached":true,` +
    `"generatedAt":"${fund.generatedAt.toISOString()}","expiresAt":"${fund.expiresAt.toISOString()}","data":${fund.payloadJson}}`
  );
}
