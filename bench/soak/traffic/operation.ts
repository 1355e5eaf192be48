import type { PlanId } from '../../../src/domain/plans';
import type { Phase } from '../recorder';

/** One kind of request of the traffic. */
export type Operation = {
  /** The row its requests are filed under (some operations file some requests under a variant). */
  endpoint: string;
  weight: number;
  /** Plans whose keys it uses, in turn (empty: keyless). */
  plans: PlanId[];
  run(phase: Phase): Promise<void>;
};
