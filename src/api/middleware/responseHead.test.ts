import http, { type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { appendHeads, setHead, setHeads, startHeadList } from './responseHead';

/** Serves one request with `handle`, returns the raw header lines and the body. */
async function serve(handle: (res: ServerResponse) => void): Promise<{ lines: string[]; body: string }> {
  const server = http.createServer((_req, res) => handle(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve, reject) => {
      http
        .get({ port, host: '127.0.0.1', path: '/' }, (res) => {
          const lines: string[] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2)
            lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ lines, body }));
        })
        .on('error', reject);
    });
  } finally {
    server.close();
  }
}

const ours = (lines: string[]) => lines.filter((l) => !/^(Date|Connection|Keep-Alive|Transfer-Encoding):/i.test(l));

describe('the response header list', () => {
  it('sends the list with the head, in order, as setHeader would have', async () => {
    const { lines, body } = await serve((res) => {
      startHeadList(res, ['X-Request-Id', 'abc12345']);
      appendHeads(res, ['X-Frame-Options', 'DENY', 'X-Content-Type-Options', 'nosniff']);
      setHead(res, 'Cache-Control', 'no-store');
      setHeads(res, { 'X-Burst-Limit': '60', 'X-Burst-Remaining': '59' });
      setHead(res, 'X-Burst-Remaining', '58'); // replaced, not repeated
      setHead(res, 'Content-Type', 'application/json; charset=utf-8');
      res.statusCode = 200;
      res.end('{}');
    });
    expect(ours(lines)).toEqual([
      'X-Request-Id: abc12345',
      'X-Frame-Options: DENY',
      'X-Content-Type-Options: nosniff',
      'Cache-Control: no-store',
      'X-Burst-Limit: 60',
      'X-Burst-Remaining: 58',
      'Content-Type: application/json; charset=utf-8',
      'Content-Length: 2',
    ]);
    expect(body).toBe('{}');
  });

  it('lets a header set on the response win over the same name in the list, whatever its case', async () => {
    const { lines } = await serve((res) => {
      startHeadList(res, ['Cache-Control', 'no-store', 'X-Frame-Options', 'DENY']);
      res.setHeader('cache-control', 'private, no-cache');
      res.end('x');
    });
    expect(ours(lines)).toEqual(expect.arrayContaining(['cache-control: private, no-cache', 'X-Frame-Options: DENY']));
    expect(lines.filter((l) => /^cache-control/i.test(l))).toHaveLength(1);
  });

  it('drops a removed header from the list (a page that may be framed)', async () => {
    const { lines } = await serve((res) => {
      startHeadList(res, ['X-Request-Id', 'abc12345', 'X-Frame-Options', 'DENY']);
      res.removeHeader('x-frame-options');
      res.end('x');
    });
    expect(lines.some((l) => /^x-frame-options/i.test(l))).toBe(false);
    expect(lines).toContain('X-Request-Id: abc12345');
  });

  it('joins headers given to writeHead (object or flat list), which win over the list', async () => {
    for (const given of [
      { 'Content-Type': 'text/plain', 'X-Extra': '1' },
      ['Content-Type', 'text/plain', 'X-Extra', '1'],
    ]) {
      const { lines } = await serve((res) => {
        startHeadList(res, ['X-Request-Id', 'abc12345', 'content-type', 'application/json']);
        res.writeHead(201, given as Record<string, string>);
        res.end('x');
      });
      expect(ours(lines)).toEqual(['X-Request-Id: abc12345', 'Content-Type: text/plain', 'X-Extra: 1']);
    }
  });

  it('keeps a status message given to writeHead', async () => {
    const server = await serve((res) => {
      startHeadList(res, ['X-Request-Id', 'abc12345']);
      res.writeHead(202, 'Accepted Later', { 'X-Extra': '1' });
      res.end();
    });
    expect(ours(server.lines)).toEqual(['X-Request-Id: abc12345', 'X-Extra: 1']);
  });

  it('without a list, sets the headers on the response', async () => {
    const { lines } = await serve((res) => {
      appendHeads(res, ['X-Frame-Options', 'DENY']);
      setHead(res, 'Cache-Control', 'no-store');
      res.end('x');
    });
    expect(ours(lines)).toEqual(['X-Frame-Options: DENY', 'Cache-Control: no-store', 'Content-Length: 1']);
  });
});
