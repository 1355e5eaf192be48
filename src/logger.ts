import pino from 'pino';

/** The fields of the one access line per request (requestContext). */
interface AccessLine {
  requestId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  account?: number;
}

/** Writes an access line as `log.info(line, 'request')` would. */
export type AccessLog = (line: AccessLine) => void;

/** The fast access-line writer of each logger made by createLogger, on that logger's own destination. */
const accessWriters = new WeakMap<pino.Logger, AccessLog>();

/**
 * Structured JSON logs on stdout; secrets never reach them (keys are redacted). Writes are
 * buffered (4 KiB) rather than one write(2) per line: on the hot path a synchronous write per
 * request cost more than the rest of the handler. pino flushes the buffer on exit.
 */
export function createLogger(
  level: string,
  name: string,
  destination: pino.DestinationStream = pino.destination({ dest: 1, sync: false, minLength: 4096 }),
) {
  const log = pino(
    {
      name,
      level,
      base: { service: name, pid: process.pid }, // several API processes share one log (API_PROCESSES)
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ['req.headers.authorization', 'req.headers["x-api-key"]', 'key'], censor: '[redacted]' },
    },
    destination,
  );
  accessWriters.set(log, accessWriter(log, destination, name));
  return log;
}
export type Logger = pino.Logger;

/**
 * The access log of `log`: the line `log.info(line, 'request')` writes, byte for byte, built
 * directly. On the warm hot path pino's generic serialisation (key walk, redaction, a new ISO time)
 * costs several microseconds a request; this line has six known fields, none of them a secret (keys
 * travel in headers, which are not logged). The lines of one turn of the event loop reach the
 * destination in one write at its end: the destination measures and appends what it is given at
 * every write, a cost one write per line would pay again for each line. A logger not made by
 * createLogger gets `log.info`.
 */
export function accessLog(log: Logger): AccessLog {
  return accessWriters.get(log) ?? ((line) => log.info(line, 'request'));
}

function accessWriter(log: Logger, destination: pino.DestinationStream, name: string): AccessLog {
  const bindings = `"service":${JSON.stringify(name)},"pid":${process.pid},"name":${JSON.stringify(name)}`;
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const lines = pending.join('');
    pending = [];
    destination.write(lines);
  };
  // Lines still waiting when the process exits go to the destination ahead of pino's own exit flush.
  process.prependOnceListener('beforeExit', flush);
  process.prependOnceListener('exit', flush);
  return (line) => {
    if (!log.isLevelEnabled('info')) return;
    const account = line.account === undefined ? '' : `,"account":${JSON.stringify(line.account)}`;
    if (pending.length === 0) setImmediate(flush);
    pending.push(
      `{"level":30,"time":"${isoNow()}",${bindings},"requestId":${JSON.stringify(line.requestId)},"method":${JSON.stringify(line.method)},` +
        `"path":${JSON.stringify(line.path)},"status":${line.status},"ms":${line.ms}${account},"msg":"request"}\n`,
    );
  };
}

/**
 * pino's isoTime (`new Date(Date.now()).toISOString()`), formatted once per millisecond however many lines share it.
 */
let isoMs = 0;
let isoText = '';
function isoNow(): string {
  const now = Date.now();
  if (now !== isoMs) {
    isoMs = now;
    isoText = new Date(now).toISOString();
  }
  return isoText;
}
