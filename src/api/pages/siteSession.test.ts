import type { Context } from 'koa';

import { localNext } from './pageKit';
import { fromOurOrigin, tokensMatch } from './siteSession';

/** The two request headers fromOurOrigin reads, and the protocol and host Koa computes. */
function request(headers: Record<string, string>): Context {
  // Koa 3's ctx.origin echoes the Origin header: a check against it would accept any site.
  const origin = headers.Origin ?? null;
  return {
    get: (name: string) => headers[name] ?? '',
    protocol: 'https',
    host: 'funds.example',
    origin,
  } as unknown as Context;
}

describe('tokensMatch', () => {
  it.each([
    ['abc', 'abc', true],
    ['abc', 'abd', false],
    ['abc', 'abcd', false],
    ['', '', false],
    ['', 'abc', false],
    [undefined, 'abc', false],
    [['abc'], 'abc', false],
    [42, '42', false],
  ])('%j against %j -> %j', (presented, expected, ok) => expect(tokensMatch(presented, expected)).toBe(ok));
});

describe('fromOurOrigin', () => {
  it.each([
    [{}, true],
    [{ Origin: 'https://funds.example' }, true],
    [{ Origin: 'https://evil.example' }, false],
    [{ Origin: 'null' }, false],
    [{ Origin: 'https://funds.example.evil.example' }, false],
    [{ 'Sec-Fetch-Site': 'same-origin' }, true],
    [{ 'Sec-Fetch-Site': 'none' }, true],
    [{ 'Sec-Fetch-Site': 'same-site' }, false],
    [{ 'Sec-Fetch-Site': 'cross-site' }, false],
    [{ 'Sec-Fetch-Site': 'same-origin', Origin: 'https://evil.example' }, false],
  ])('%j -> %j', (headers, ok) => expect(fromOurOrigin(request(headers))).toBe(ok));
});

describe('localNext', () => {
  it.each([
    ['/dashboard/keys', '/dashboard/keys'],
    ['/dashboard', '/dashboard'],
    ['//evil.example', '/dashboard'],
    ['https://evil.example/dashboard', '/dashboard'],
    ['/dashboard/../admin', '/dashboard'],
    ['/dashboard\\evil', '/dashboard'],
    [undefined, '/dashboard'],
    [['/dashboard/keys'], '/dashboard'],
  ])('%j -> %j', (raw, expected) => expect(localNext(raw)).toBe(expected));
});
