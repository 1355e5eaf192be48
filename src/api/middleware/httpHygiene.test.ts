import { helmetHeaders } from './httpHygiene';

describe('security headers, computed once from helmet', () => {
  const headers = new Map(helmetHeaders().map(([k, v]) => [k.toLowerCase(), v]));

  it('carries what every response needs', () => {
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('referrer-policy')).toBe('no-referrer');
    expect(headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
    expect(headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
  });

  it('never announces the server', () => {
    expect(headers.has('x-powered-by')).toBe(false);
    expect(headers.has('server')).toBe(false);
  });
});
