import type { Quota } from '../../../domain/metering';
import type { PlanId } from '../../../domain/plans';
import type { BatchItem } from '../../../usecases/batchFunds';
import type { StoredFund } from '../../../usecases/ports/funds';

const CLOSE = Buffer.from('}');

/**
 * The envelope's opening up to `"plan":`, which depends on the stored fund only (and `cached`), built once per fund
 * object.
 */
const fundHeads = new WeakMap<StoredFund, { cached?: string; fresh?: string }>();

function fundHead(fund: StoredFund, cached: boolean): string {
  let heads = fundHeads.get(fund);
  if (!heads) fundHeads.set(fund, (heads = {}));
  const key = cached ? 'cached' : 'fresh';
  return (heads[key] ??=
    `{"isin":${JSON.stringify(fund.isin)},"name":${JSON.stringify(fund.name)},"cached":${cached},` +
    `"generatedAt":"${fund.generatedAt.toISOString()}","expiresAt":"${fund.expiresAt.toISOString()}",`);
}

/**
 * The fund envelope as JSON parts. The stored payload is already encoded JSON, so it is spliced in
 * as it is: on the hot path, parsing and re-encoding a 30 KB payload per request cost more than
 * everything else the handler does. The opening that depends on the fund alone (ISIN, name, dates) is
 * built once per stored fund object (the payload cache hands out the same object while it keeps it);
 * a request adds its plan and quota. The head is a string: sendJsonParts sends it in one chunk with
 * the response's header block.
 */
export function fundEnvelopeParts(fund: StoredFund, cached: boolean, plan: PlanId, quota: Quota): (Buffer | string)[] {
  return [`${fundHead(fund, cached)}"plan":"${plan}","quota":${JSON.stringify(quota)},"data":`, fund.payload, CLOSE];
}

/** The demo envelope: no plan, no quota; always served from the store, so always cached. */
export function demoEnvelopeParts(fund: StoredFund): Buffer[] {
  const head =
    `{"isin":${JSON.stringify(fund.isin)},"name":${JSON.stringify(fund.name)},"demo":true,"cached":true,` +
    `"generatedAt":"${fund.generatedAt.toISOString()}","expiresAt":"${fund.expiresAt.toISOString()}","data":`;
  return [Buffer.from(head), fund.payload, CLOSE];
}

/** The batch response as JSON byte parts: each ok item splices its stored payload in, as GET does. */
export function batchResponseParts(
  items: readonly BatchItem[],
  pending: readonly string[],
  plan: PlanId,
  quota: Quota,
): Buffer[] {
  const parts: Buffer[] = [Buffer.from(`{"count":${items.length},"results":[`)];
  items.forEach((item, i) => parts.push(...batchItemParts(item, i > 0)));
  parts.push(Buffer.from(`],"pending":${JSON.stringify(pending)},"plan":"${plan}","quota":${JSON.stringify(quota)}}`));
  return parts;
}

function batchItemParts(item: BatchItem, comma: boolean): Buffer[] {
  const { fund } = item;
  const head =
    `${comma ? ',' : ''}{"input":${JSON.stringify(item.input)},"isin":${JSON.stringify(item.isin)},"status":"${item.status}",` +
    `"name":${JSON.stringify(fund?.name ?? null)},"cached":${item.cached},` +
    `"generatedAt":${fund ? `"${fund.generatedAt.toISOString()}"` : 'null'},"expiresAt":${fund ? `"${fund.expiresAt.toISOString()}"` : 'null'},"data":`;
  return fund ? [Buffer.from(head), fund.payload, CLOSE] : [Buffer.from(`${head}null}`)];
}
