/** The ports of metering: what a call costs, billed per call or per item, and the shared rate windows. */

/** The credits of the call in progress: charged once its input is known good, given back when it fails on our side. */
export interface Billing {
  /** Throws the refusal (plan, burst, credits) when the call may not be made. */
  charge(): Promise<void>;
  refund(): Promise<void>;
}

/**
 * The credits of a call billed per item answered (POST /funds, POST /portfolio, GET /overlap): the
 * call takes its burst slot first, and is charged once it knows what it answered.
 */
export interface ItemBilling {
  /** Checks the key and plan and takes the burst slot; charges nothing. Throws the refusal (burst, plan). */
  open(): Promise<void>;
  /**
   * Throws the 429 refusal at once when the account cannot pay `count` credits (so no work is done for a call that will
   * be refused).
   */
  assertCanPay(count: number): void;
  /**
   * Charges `count` credits all or nothing; throws the 429 refusal, charging nothing, when the account cannot pay them
   * all.
   */
  chargeItems(count: number): Promise<void>;
}

/** One-minute windows shared by every API process (the demo endpoint's per-IP limit). */
export interface RateWindows {
  take(bucket: string): Promise<number>;
}
