/**
 * Options every (remote) activity is scheduled with: it heartbeats while it runs (the worker's
 * interceptor, src/temporal/heartbeats.ts), so a worker killed in the middle of one is noticed within
 * this, and the activity retried on another worker, rather than at its start-to-close timeout
 * (minutes for a document load). Local activities need none: a dead worker's workflow task times out.
 */
export const WORKER_LOSS_DETECTION = { heartbeatTimeout: '10 seconds' } as const;
