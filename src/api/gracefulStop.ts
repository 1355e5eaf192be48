import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net, { type Socket } from 'node:net';

import { closingAnswer } from './clientErrors';
import { errors } from './errors';

/** After the deadline, how long the 503s written then get to leave before every connection is cut. */
const LAST_ANSWERS_MS = 1_000;
/**
 * During a stop, a connection with nothing in flight is closed once it has been quiet this long: a client that has
 * just had an answer may be sending its next request on the same connection already (that request is answered, with
 * `Connection: close`), and one that had been quiet for a while checks the connection before using it again.
 */
const QUIET_MS = 1_000;
const SWEEP_EVERY_MS = 100;

/** What a stop came to. */
export interface StopOutcome {
  /** Requests in flight when the stop began. */
  inFlightAtStart: number;
  /** Requests still unanswered at the deadline: answered 503 with Retry-After. */
  unavailableAtDeadline: number;
  /** Answers still being sent at the deadline (a long export): cut short. */
  cutShort: number;
  ms: number;
}

/** A connection's state: requests in flight on it, and since when it has been quiet (with the bytes read by then). */
interface Connection {
  inFlight: number;
  quietSince: number;
  bytesRead: number;
}

/**
 * The API process's graceful stop (SIGTERM, SIGINT, its turn in a rolling restart). The server stops accepting
 * connections (in a cluster, the primary hands new ones to the other processes). Every request in flight, or arriving
 * during the stop, is answered with `Connection: close`, so the client opens its next connection to a process that
 * stays; connections with nothing in flight (idle keep-alive ones, one a client opened and never used, one whose
 * answer had started before the stop and has been sent) are closed once quiet for a second. Whatever is still
 * unanswered at the deadline is answered 503 with Retry-After (an answer under way, a long export, is cut), and every
 * connection is closed.
 *
 * Node's own `server.close()` closes idle connections at once instead: a client that had just had an answer on one
 * and was sending its next request on it would see the connection reset, its request lost.
 */
export class GracefulStop {
  private readonly inFlight = new Set<ServerResponse>();
  private readonly connections = new Map<Socket, Connection>();
  private stopping: Promise<StopOutcome> | null = null;

  constructor(private readonly server: Server) {
    server.on('connection', (socket: Socket) => {
      this.connections.set(socket, { inFlight: 0, quietSince: Date.now(), bytesRead: 0 });
      socket.once('close', () => this.connections.delete(socket));
    });
  }

  /** The server's request listener around `handle`: each answer is tracked until it has been sent. */
  listener(handle: (req: IncomingMessage, res: ServerResponse) => void) {
    return (req: IncomingMessage, res: ServerResponse): void => {
      const socket = req.socket;
      const connection = this.connections.get(socket);
      if (connection) connection.inFlight++;
      this.inFlight.add(res);
      res.once('close', () => {
        this.inFlight.delete(res);
        if (connection && --connection.inFlight === 0) {
          connection.quietSince = Date.now();
          connection.bytesRead = socket.bytesRead;
        }
      });
      if (this.stopping) res.setHeader('Connection', 'close');
      handle(req, res);
    };
  }

  /** Stops serving within `graceMs` (plus a second for the last answers); resolves once every connection is closed. */
  stop(graceMs: number): Promise<StopOutcome> {
    this.stopping ??= new Promise((resolve) => {
      const started = Date.now();
      const outcome = { inFlightAtStart: this.inFlight.size, unavailableAtDeadline: 0, cutShort: 0 };
      for (const res of this.inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      const sweeping = setInterval(() => this.closeQuiet(), SWEEP_EVERY_MS);
      this.closeQuiet();
      let lastAnswers: NodeJS.Timeout | undefined;
      const deadline = setTimeout(() => {
        for (const res of this.inFlight) {
          if (res.headersSent) {
            res.destroy();
            outcome.cutShort++;
          } else {
            answerUnavailable(res);
            outcome.unavailableAtDeadline++;
          }
        }
        lastAnswers = setTimeout(() => this.server.closeAllConnections(), LAST_ANSWERS_MS);
      }, graceMs);
      // net's close, not http's (which closes idle connections at once): stops accepting, and calls back once the
      // last connection has closed.
      net.Server.prototype.close.call(this.server, () => {
        clearInterval(sweeping);
        clearTimeout(deadline);
        clearTimeout(lastAnswers);
        resolve({ ...outcome, ms: Date.now() - started });
      });
    });
    return this.stopping;
  }

  /** Closes the connections with nothing in flight and nothing received for QUIET_MS. */
  private closeQuiet(): void {
    const now = Date.now();
    for (const [socket, { inFlight, quietSince, bytesRead }] of this.connections)
      if (inFlight === 0 && socket.bytesRead === bytesRead && now - quietSince >= QUIET_MS) socket.destroy();
  }
}

/** A request the stop could not wait for: a JSON 503 (retry in a second, elsewhere), on a connection that then closes. */
function answerUnavailable(res: ServerResponse): void {
  try {
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    const { headers, body } = closingAnswer(errors.serviceUnavailable(1));
    res.writeHead(503, headers);
    res.end(body);
  } catch {
    res.destroy();
  }
}
