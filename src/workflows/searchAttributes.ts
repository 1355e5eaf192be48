import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/**
 * Search attributes every job carries, so an operator finds a load by ISIN or kind in the Temporal UI (here, so that
 * workflows can set them on the children they start).
 */
export const FUND_ISIN = defineSearchAttributeKey('FundIsin', SearchAttributeType.KEYWORD);
export const JOB_KIND = defineSearchAttributeKey('JobKind', SearchAttributeType.KEYWORD);

export const JOB_KINDS = {
  fundLoad: 'fund-load',
  fundWarm: 'fund-warm',
  universeRefresh: 'universe-refresh',
  webhookDelivery: 'webhook-delivery',
  extract: 'extract',
  factsheetRender: 'factsheet-render',
  scpiLoad: 'scpi-load',
  ingest: 'ingest',
} as const;
