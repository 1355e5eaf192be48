import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a webhook receiver got: when, the raw body and the delivery headers. */
export interface Hit {
  at: number;
  body: string;
  signature: string;
  eventId: string;
}

/** A loopback receiver; `answer(n)` decides the n-th request's fate: a status, or 'hang' (never answer). */
export async function receiver(answer: (n: number) => number | 'hang') {
  const hits: Hit[] = [];
  const hung: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push({
        at: Date.now(),
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['x-service-signature']),
        eventId: String(req.headers['x-service-event-id']),
      });
      const fate = answer(hits.length);
      if (fate === 'hang') return void hung.push(res);
      res.statusCode = fate;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = async () => {
    hung.forEach((res) => res.destroy());
    await new Promise((r) => server.close(r));
  };
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, hits, close };
}
