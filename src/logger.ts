import pino from 'pino';

/**
 * Structured JSON logs on stdout; secrets never reach them (keys are redacted). Writes are
 * buffered (4 KiB) rather than one write(2) per line: on the hot path a synchronous write per
 * request cost more than the rest of the handler. pino flushes the buffer on exit.
 */
export function createLogger(level: string, name: string) {
  return pino(
    {
      name,
      level,
      base: { service: name, pid: process.pid }, // several API processes share one log (API_PROCESSES)
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ['req.headers.authorization', 'req.headers["x-api-key"]', 'key'], censor: '[redacted]' },
    },
    pino.destination({ dest: 1, sync: false, minLength: 4096 }),
  );
}
export type Logger = pino.Logger;
