import type { Billing } from '../ports';

/** Counts charges and refunds, so each use-case test also says what the call cost. */
export class CountingBilling implements Billing {
  charges = 0;
  refunds = 0;
  async charge() {
    this.charges++;
  }
  async refund() {
    this.refunds++;
  }
}
