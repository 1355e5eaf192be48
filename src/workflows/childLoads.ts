import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { ParentClosePolicy, sleep, startChild } from '@temporalio/workflow';

import { loadFund } from './loadFund';
import { loadScpi } from './loadScpi';
import { FUND_ISIN, JOB_KIND, JOB_KINDS } from './searchAttributes';

/** How a set of loads ended. */
export interface LoadTally {
  ok: number;
  notFound: number;
  /** Already being loaded by another run (a GET, a batch): that run stores it. */
  joined: number;
  failed: number;
}

export const emptyTally = (): LoadTally => ({ ok: 0, notFound: 0, joined: 0, failed: 0 });

/**
 * Loads ISINs as child `fund-load/<ISIN>` workflows, the same single-flight load as GET /funds (a
 * load already running is left to finish on its own), at most `concurrency` at once. Children are
 * abandoned, not cancelled, if the parent ends early: a load once started always completes. A
 * payload generated at or after `freshSince` makes a child return at once.
 */
export async function loadAsChildren(
  isins: readonly string[],
  concurrency: number,
  freshSince: string,
  tally: LoadTally,
): Promise<void> {
  await inLanes(isins, concurrency, (isin) => loadOne(isin, freshSince, tally));
}

/** SCPI as child `scpi-load/<slug>` workflows, as loadAsChildren does for funds. */
export async function loadScpiAsChildren(
  slugs: readonly string[],
  concurrency: number,
  freshSince: string,
  tally: LoadTally,
): Promise<void> {
  await inLanes(slugs, concurrency, (slug) => counted(tally, () => startScpiLoad(slug, freshSince)));
}

function startScpiLoad(slug: string, freshSince: string) {
  return startChild(loadScpi, {
    workflowId: `scpi-load/${slug}`,
    args: [{ slug, freshSince }],
    parentClosePolicy: ParentClosePolicy.ABANDON,
    workflowExecutionTimeout: '5 minutes',
    typedSearchAttributes: [{ key: JOB_KIND, value: JOB_KINDS.scpiLoad }],
  });
}

/** Runs `one` over the distinct keys, at most `concurrency` at once. */
async function inLanes(
  keys: readonly string[],
  concurrency: number,
  one: (key: string) => Promise<void>,
): Promise<void> {
  const queue = [...new Set(keys)];
  const lane = async () => {
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) await one(key);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, queue.length)) }, lane));
}

/** Waits for a started child and counts how it ended. */
async function counted(
  tally: LoadTally,
  start: () => Promise<{ result(): Promise<{ status: string }> }>,
): Promise<void> {
  try {
    const { status } = await (await start()).result();
    if (status === 'not_found') tally.notFound++;
    else tally.ok++;
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) tally.joined++;
    else tally.failed++;
  }
}

async function loadOne(isin: string, freshSince: string, tally: LoadTally): Promise<void> {
  try {
    const { status } = await (await startFundLoad(isin, freshSince)).result();
    if (status === 'not_found') tally.notFound++;
    else tally.ok++;
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) tally.joined++;
    else tally.failed++;
  }
}

function startFundLoad(isin: string, freshSince: string) {
  return startChild(loadFund, {
    workflowId: `fund-load/${isin}`,
    args: [{ isin, freshSince }],
    parentClosePolicy: ParentClosePolicy.ABANDON,
    workflowExecutionTimeout: '5 minutes',
    typedSearchAttributes: [
      { key: FUND_ISIN, value: isin },
      { key: JOB_KIND, value: JOB_KINDS.fundLoad },
    ],
  });
}

/** How one reload ended: as the load said, or `failed` when it failed or never got to run. */
export type ReloadStatus = 'ok' | 'not_found' | 'already_fresh' | 'failed';

/** A load already running may have read the sources before the change: wait for it, then load again. */
const JOIN_RETRY = '2 seconds';
/** A load lasts at most 5 minutes: after that long of finding one running, something else is wrong. */
const MAX_JOIN_RETRIES = 150;

/**
 * Reloads funds after their documents changed, at most `concurrency` at once: unlike a warm-up, a load found
 * running is not joined (it may have read the sources before the change) but waited out, then started again.
 */
export async function reloadAsChildren(
  isins: readonly string[],
  concurrency: number,
  freshSince: string,
): Promise<Record<string, ReloadStatus>> {
  return reloadEach(isins, concurrency, (isin) => startFundLoad(isin, freshSince));
}

/** SCPI reloaded after their documents changed (`scpi-load/<slug>`), as reloadAsChildren does for funds. */
export async function reloadScpiAsChildren(
  slugs: readonly string[],
  concurrency: number,
  freshSince: string,
): Promise<Record<string, ReloadStatus>> {
  return reloadEach(slugs, concurrency, (slug) => startScpiLoad(slug, freshSince));
}

async function reloadEach(
  keys: readonly string[],
  concurrency: number,
  start: (key: string) => Promise<{ result(): Promise<{ status: ReloadStatus }> }>,
): Promise<Record<string, ReloadStatus>> {
  const statuses: Record<string, ReloadStatus> = {};
  await inLanes(keys, concurrency, async (key) => {
    statuses[key] = await reloadOne(() => start(key));
  });
  return statuses;
}

async function reloadOne(start: () => Promise<{ result(): Promise<{ status: ReloadStatus }> }>): Promise<ReloadStatus> {
  for (let attempt = 0; attempt <= MAX_JOIN_RETRIES; attempt++) {
    try {
      return (await (await start()).result()).status;
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) return 'failed';
      await sleep(JOIN_RETRY);
    }
  }
  return 'failed';
}
