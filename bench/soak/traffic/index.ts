/**
 * The traffic: every kind of request, one request per run, in a fixed order (the interleaving and the
 * report's rows follow it); weights so that the cheap reads dominate and every endpoint is hit many times.
 */
import { ONLY } from '../settings';
import type { State } from '../state';
import { accountReads, planGates, publicReads } from './accountAndPublic';
import { factsheetOperations } from './factsheets';
import { exportAndExtract, fundReads, manyFundReads, scpiReads, search } from './funds';
import type { Operation } from './operation';
import { webhookOperations } from './webhooks';

export type { Operation } from './operation';

function operations(state: State): Operation[] {
  return [
    ...fundReads(state),
    ...accountReads(state),
    ...search(state),
    ...manyFundReads(state),
    ...planGates(state),
    ...webhookOperations(state),
    ...exportAndExtract(state),
    ...factsheetOperations(state),
    ...scpiReads(state),
    ...publicReads(state),
  ];
}

/** The operations SOAK_ONLY keeps (all without it). */
export function selectedOperations(state: State): Operation[] {
  const ops = operations(state).filter((o) => !ONLY || ONLY.test(o.endpoint));
  if (ops.length === 0) throw new Error(`SOAK_ONLY=${process.env.SOAK_ONLY} matches no operation`);
  return ops;
}

export const weightOf = (ops: readonly Operation[]) => ops.reduce((s, o) => s + o.weight, 0);
