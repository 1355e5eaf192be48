import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/** Search attributes every job carries, so an operator finds a load by ISIN or kind in the Temporal UI. */
export const FUND_ISIN = defineSearchAttributeKey('FundIsin', SearchAttributeType.KEYWORD);
export const JOB_KIND = defineSearchAttributeKey('JobKind', SearchAttributeType.KEYWORD);

export const JOB_KINDS = { fundLoad: 'fund-load', extract: 'extract' } as const;
