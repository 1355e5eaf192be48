import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { ParentClosePolicy, startChild } from '@temporalio/workflow';

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
  await inLanes(slugs, concurrency, (slug) =>
    counted(tally, () =>
      startChild(loadScpi, {
        workflowId: `scpi-load/${slug}`,
        args: [{ slug, freshSince }],
        parentClosePolicy: ParentClosePolicy.ABANDON,
        workflowExecutionTimeout: '5 minutes',
        typedSearchAttributes: [{ key: JOB_KIND, value: JOB_KINDS.scpiLoad }],
      }),
    ),
  );
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
    const child = await startChild(loadFund, {
      workflowId: `fund-load/${isin}`,
      args: [{ isin, freshSince }],
      parentClosePolicy: ParentClosePolicy.ABANDON,
      workflowExecutionTimeout: '5 minutes',
      typedSearchAttributes: [
        { key: FUND_ISIN, value: isin },
        { key: JOB_KIND, value: JOB_KINDS.fundLoad },
      ],
    });
    const { status } = await child.result();
    if (status === 'not_found') tally.notFound++;
    else tally.ok++;
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) tally.joined++;
    else tally.failed++;
  }
}
