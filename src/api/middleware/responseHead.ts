import { type OutgoingHttpHeader, type OutgoingHttpHeaders, ServerResponse } from 'node:http';

/**
 * The headers the middleware adds to every response (X-Request-Id, the security headers,
 * Cache-Control, the rate-limit headers) are kept in a list on the response and handed to Node with
 * the status line, in one `writeHead(status, list)`, instead of one `setHeader` each: each of those
 * validates the name and value, lower-cases the name and stores the pair, and the head is then
 * serialised from that store; with some twenty headers a request, that costs about 5 µs of the warm
 * path, one call with the list about 3.
 *
 * The rest of the code need not know of the list: whatever writes the head (Koa's respond, a route
 * writing ctx.res itself, a stream piped into it) goes through `writeHead`, where the list joins the head;
 * a header set on the response itself (`ctx.set`) wins over the same name in the list, as a later
 * `setHeader` replaces an earlier one; `ctx.remove` (the response's removeHeader) drops it from the
 * list too. The list stays out of `getHeader`/`hasHeader` until the head is written: no code reads
 * these headers back from the response.
 */
const LIST = Symbol('response head list');

type Listed = ServerResponse & { [LIST]?: string[] };

/**
 * Node's own writeHead and removeHeader, always called on a response (`.call(res, ...)`); writeHead is called as
 * (status, reason or undefined, headers): it reads a missing reason as "none given".
 */
const node = ServerResponse.prototype as {
  writeHead: (
    this: ServerResponse,
    statusCode: number,
    reason: string | undefined,
    headers: OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined,
  ) => ServerResponse;
  removeHeader: (this: ServerResponse, name: string) => void;
};
const nodeWriteHead = node.writeHead;
const nodeRemoveHeader = node.removeHeader;

/**
 * Starts the list of `res` with `first` (name, value, name, value...): the first middleware of every request calls it.
 */
export function startHeadList(res: ServerResponse, first: string[]): void {
  const listed = res as Listed;
  listed[LIST] = first;
  listed.writeHead = writeHeadWithList;
  listed.removeHeader = removeHeaderWithList;
}

/**
 * Adds pairs the list does not hold yet (the security headers, once a request); without a list, sets them on the
 * response.
 */
export function appendHeads(res: ServerResponse, pairs: readonly string[]): void {
  const list = (res as Listed)[LIST];
  if (list) {
    for (const item of pairs) list.push(item);
  } else if (!res.headersSent) {
    for (let i = 0; i < pairs.length; i += 2) res.setHeader(pairs[i], pairs[i + 1]);
  }
}

/** Sets one header in the list (replacing the same name, as setHeader would); without a list, on the response. */
export function setHead(res: ServerResponse, name: string, value: string): void {
  const list = (res as Listed)[LIST];
  if (!list) {
    if (!res.headersSent) res.setHeader(name, value);
    return;
  }
  for (let i = 0; i < list.length; i += 2) {
    if (list[i] === name) {
      list[i + 1] = value;
      return;
    }
  }
  list.push(name, value);
}

/** setHead for each header of `headers`. */
export function setHeads(res: ServerResponse, headers: Record<string, string>): void {
  for (const name in headers) setHead(res, name, headers[name]);
}

function writeHeadWithList(
  this: Listed,
  statusCode: number,
  reason?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
  headers?: OutgoingHttpHeaders | OutgoingHttpHeader[],
): ServerResponse {
  const list = this[LIST];
  this[LIST] = undefined;
  if (typeof reason !== 'string') {
    headers = reason;
    reason = undefined;
  }
  if (!list) return nodeWriteHead.call(this, statusCode, reason, headers);
  const given = headers ? flatPairs(headers) : null;
  const set = this.getHeaderNames();
  if (set.length === 0 && given === null) return nodeWriteHead.call(this, statusCode, reason, list); // the hot path
  // Names set on the response itself win, and so do the headers given to this call.
  const head: OutgoingHttpHeader[] = [];
  for (let i = 0; i < list.length; i += 2) if (!taken(list[i], set, given)) head.push(list[i], list[i + 1]);
  if (given) for (const item of given) head.push(item);
  return nodeWriteHead.call(this, statusCode, reason, head);
}

/** True when `name` is among the lower-case names `set` or the names of the flat pairs `given`. */
function taken(name: string, set: readonly string[], given: readonly OutgoingHttpHeader[] | null): boolean {
  const lower = name.toLowerCase();
  if (set.includes(lower)) return true;
  if (given) for (let i = 0; i < given.length; i += 2) if (String(given[i]).toLowerCase() === lower) return true;
  return false;
}

function removeHeaderWithList(this: Listed, name: string): void {
  const list = this[LIST];
  if (list) {
    const lower = name.toLowerCase();
    for (let i = list.length - 2; i >= 0; i -= 2) if (list[i].toLowerCase() === lower) list.splice(i, 2);
  }
  nodeRemoveHeader.call(this, name);
}

/** Headers as writeHead takes them (an object, [[name, value]...] or [name, value...]) as one flat list. */
function flatPairs(headers: OutgoingHttpHeaders | OutgoingHttpHeader[]): OutgoingHttpHeader[] {
  if (!Array.isArray(headers)) {
    const out: OutgoingHttpHeader[] = [];
    for (const name of Object.keys(headers)) {
      const value = headers[name];
      if (value !== undefined) out.push(name, value);
    }
    return out;
  }
  if (headers.length > 0 && Array.isArray(headers[0])) return (headers as unknown as OutgoingHttpHeader[][]).flat();
  return headers;
}
