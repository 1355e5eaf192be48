import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

import { ApiError, errorBody } from './errors';
import { SECURITY_HEADERS } from './middleware/httpHygiene';

/**
 * Errors that Node's HTTP parser raises before any middleware runs (oversized headers, a request
 * that is not HTTP, an unknown method, a client too slow to send its request). Node would answer
 * them with a bare status line; we answer in the one JSON error shape, with a request id.
 */
export function parserError(code: string | undefined): ApiError {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return new ApiError(
        431,
        'headers_too_large',
        'The request headers are larger than the server accepts (16 KB in all)',
      );
    case 'HPE_INVALID_METHOD':
      return new ApiError(501, 'not_implemented', 'The request method is not supported by this API');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError(408, 'request_timeout', 'The request was not received in time');
    default:
      return new ApiError(400, 'bad_request', 'The request is not valid HTTP');
  }
}

/** Writes a complete JSON error response on a raw socket and closes it (the parser's state is unusable). */
export function answerOnSocket(socket: Duplex, error: ApiError): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const { headers, body } = closingAnswer(error);
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? ''}\r\n${head}\r\n${body}`);
}

/**
 * A JSON error answered outside Koa, in the one error shape with a request id of its own, on a connection that closes
 * after it.
 */
export function closingAnswer(error: ApiError): { headers: Record<string, string>; body: string } {
  const requestId = randomUUID();
  const body = JSON.stringify(errorBody(error, requestId));
  return {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      'X-Request-Id': requestId,
      ...Object.fromEntries(SECURITY_HEADERS),
      'Cache-Control': 'no-store',
      Connection: 'close',
      ...error.headers,
    },
    body,
  };
}

/** The 'clientError' listener: a JSON answer when the client can still read one, silence when it is gone. */
export function onClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  answerOnSocket(socket, parserError(err.code));
}
