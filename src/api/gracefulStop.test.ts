import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net, { type AddressInfo } from 'node:net';

import { GracefulStop } from './gracefulStop';

/** A server whose routes answer at once (/fast), after `slowMs` (/slow), or stream for `slowMs` (/stream). */
async function serve(slowMs: number) {
  const server = http.createServer();
  const graceful = new GracefulStop(server);
  server.on(
    'request',
    graceful.listener((req: IncomingMessage, res: ServerResponse) => {
      if (req.url === '/fast') {
        res.end('{"ok":true}');
      } else if (req.url === '/slow') {
        setTimeout(() => res.end('{"slow":true}'), slowMs).unref();
      } else {
        res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
        res.write('{"line":1}\n');
        setTimeout(() => res.end('{"line":2}\n'), slowMs).unref();
      }
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const port = (server.address() as AddressInfo).port;
  const get = (path: string) =>
    new Promise<{ status: number; connection: string | undefined; body: string; socketClosed: Promise<void> }>(
      (resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
          const socketClosed = new Promise<void>((done) => res.socket.once('close', () => done()));
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body, socketClosed }),
          );
          res.on('error', reject);
        });
        req.on('error', reject);
      },
    );
  /** A raw connection, for what an HTTP client would not do by itself. */
  const connect = () =>
    new Promise<net.Socket>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port }, () => resolve(socket));
    });
  return { server, graceful, agent, get, connect };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('GracefulStop: the API process stops without dropping a request', () => {
  it('finishes the request in flight with Connection: close, closes the idle connection once quiet, then stops', async () => {
    const { server, graceful, agent, get } = await serve(300);
    const kept = await Promise.all([get('/fast'), get('/fast')]); // two kept-alive connections
    expect(kept.map((k) => k.connection)).toEqual(['keep-alive', 'keep-alive']);
    const slow = get('/slow'); // on one of them
    await pause(50);
    const stopped = graceful.stop(5_000);
    const answer = await slow;
    expect(answer).toMatchObject({ status: 200, connection: 'close', body: '{"slow":true}' });
    await Promise.all(kept.map((k) => k.socketClosed)); // the idle one closed by the server once quiet for a second
    const outcome = await stopped;
    expect(outcome).toMatchObject({ inFlightAtStart: 1, unavailableAtDeadline: 0, cutShort: 0 });
    expect(outcome.ms).toBeGreaterThanOrEqual(900);
    expect(outcome.ms).toBeLessThan(2_000);
    expect(server.listening).toBe(false);
    await expect(get('/fast')).rejects.toThrow(/ECONNREFUSED/);
    agent.destroy();
  });

  it('answers, with Connection: close, the next request a client sends on a kept-alive connection as the stop begins', async () => {
    const { graceful, agent, get } = await serve(300);
    const first = await get('/fast');
    expect(first.connection).toBe('keep-alive');
    const stopped = graceful.stop(5_000);
    const next = await get('/fast'); // on the same connection: Node's server.close() would have reset it
    expect(next).toMatchObject({ status: 200, connection: 'close', body: '{"ok":true}' });
    expect(await stopped).toMatchObject({ inFlightAtStart: 0, unavailableAtDeadline: 0, cutShort: 0 });
    agent.destroy();
  });

  it('closes a connection whose answer had started before the stop once that answer is sent', async () => {
    const { graceful, agent, get } = await serve(300);
    const streaming = get('/stream');
    await pause(50);
    const stopped = graceful.stop(5_000);
    const answer = await streaming;
    expect(answer).toMatchObject({ status: 200, connection: 'keep-alive', body: '{"line":1}\n{"line":2}\n' });
    await answer.socketClosed;
    expect(await stopped).toMatchObject({ inFlightAtStart: 1, unavailableAtDeadline: 0, cutShort: 0 });
    agent.destroy();
  });

  it('answers what is still running at the deadline with a JSON 503 and Retry-After, and cuts a streaming answer', async () => {
    const { graceful, agent, get } = await serve(10_000);
    const slow = get('/slow');
    const streaming = get('/stream');
    await pause(50);
    const stopped = graceful.stop(200);
    const answer = await slow;
    expect(answer).toMatchObject({ status: 503, connection: 'close' });
    expect(JSON.parse(answer.body)).toMatchObject({
      code: 'service_unavailable',
      retryAfter: 1,
      requestId: expect.any(String) as unknown,
    });
    await expect(streaming).rejects.toThrow(/aborted|ECONNRESET|socket hang up/);
    const outcome = await stopped;
    expect(outcome).toMatchObject({ inFlightAtStart: 2, unavailableAtDeadline: 1, cutShort: 1 });
    expect(outcome.ms).toBeLessThan(2_000);
    agent.destroy();
  });

  it('closes a connection on which the client never sent anything once it has been open a second', async () => {
    const { graceful, connect } = await serve(300);
    const spare = await connect();
    const spareClosed = new Promise<void>((resolve) => spare.once('close', () => resolve()));
    const started = Date.now();
    const outcome = await graceful.stop(5_000);
    await spareClosed;
    expect(outcome).toMatchObject({ inFlightAtStart: 0, unavailableAtDeadline: 0, cutShort: 0 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900); // it had just been opened
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('answers a request whose head was still arriving when the stop began, with Connection: close', async () => {
    const { graceful, connect } = await serve(300);
    const socket = await connect();
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write('GET /fast HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await pause(50);
    const stopped = graceful.stop(5_000);
    await pause(1_500); // longer than a quiet connection is kept: this one has received part of a request
    socket.write('\r\n');
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*Connection: close\r\n[\s\S]*\{"ok":true\}$/);
    expect(await stopped).toMatchObject({ inFlightAtStart: 0, unavailableAtDeadline: 0, cutShort: 0 });
  });
});
