import type { Context } from '@temporalio/activity';
import type { ActivityInterceptorsFactory } from '@temporalio/worker';

/**
 * A worker killed in the middle of an activity (SIGKILL, OOM, a lost machine) tells nobody: the
 * server notices only when the activity's timeout expires, minutes for a document load. Every
 * activity scheduled with a `heartbeatTimeout` therefore heartbeats for as long as it runs, three
 * times per timeout, so that a dead worker's activity is retried on another within that timeout.
 * Activities scheduled without one are left alone.
 */
export const heartbeatWhileRunning: ActivityInterceptorsFactory = (ctx: Context) => ({
  inbound: {
    async execute(input, next) {
      const timeoutMs = ctx.info.heartbeatTimeoutMs;
      if (!timeoutMs) return next(input);
      const timer = setInterval(() => ctx.heartbeat(), Math.max(250, Math.floor(timeoutMs / 3)));
      try {
        return await next(input);
      } finally {
        clearInterval(timer);
      }
    },
  },
});
