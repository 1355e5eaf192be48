import pino from 'pino';

/** Structured JSON logs on stdout; secrets never reach them (keys are redacted). */
export function createLogger(level: string, name: string) {
  return pino({
    name,
    level,
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.authorization', 'req.headers["x-api-key"]', 'key'], censor: '[redacted]' },
  });
}
export type Logger = pino.Logger;
