import type { Billing } from './ports/billing';

/**
 * Charges the call, runs its work, and gives the credits back unless the outcome is one the caller
 * pays for; an error on the way (an outage, a bug) refunds too before it is rethrown.
 */
export async function paidOutcome<T>(
  billing: Billing,
  work: () => Promise<T>,
  isPaid: (outcome: T) => boolean,
): Promise<T> {
  await billing.charge();
  const outcome = await work().catch(async (err: unknown) => {
    await billing.refund();
    throw err;
  });
  if (!isPaid(outcome)) await billing.refund();
  return outcome;
}
