import { emptyTally, loadAsChildren, type LoadTally } from './childLoads';

export interface WarmFundsInput {
  isins: string[];
  /** Loads at once. */
  concurrency: number;
  /** A payload generated at or after this instant is fresh enough (the request that asked for the warm-up). */
  freshSince: string;
}

type WarmFundsResult = LoadTally;

/**
 * Background warm-up of ISINs a batch, portfolio or overlap call answered as pending. Id
 * `fund-warm/<uuid>`; each ISIN is loaded by a child `fund-load/<ISIN>` workflow (see childLoads),
 * at most `concurrency` at once. Operators see the warm-up and its children in the Temporal UI.
 */
export async function warmFunds(input: WarmFundsInput): Promise<WarmFundsResult> {
  const tally = emptyTally();
  await loadAsChildren(input.isins, input.concurrency, input.freshSince, tally);
  return tally;
}
