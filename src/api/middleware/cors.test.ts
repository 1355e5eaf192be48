import { isPublicRead } from './cors';

describe('the CORS policy: keyless reads only', () => {
  it.each([
    '/api/v1/health',
    '/api/v1/openapi.json',
    '/api/v1/demo/funds/IE00B4L5Y983',
    '/api/v1/shared/factsheets/abc',
    '/api/v1/shared/factsheets/abc/embed',
    '/api/v1/shared/factsheets/abc/pdf',
  ])('opens %s to any origin', (path) => {
    expect(isPublicRead(path)).toBe(true);
  });

  it.each([
    '/api/v1/funds/IE00B4L5Y983',
    '/api/v1/me',
    '/api/v1/demo/funds/IE00B4L5Y983/holdings',
    '/api/v1/health/x',
    '/api/v1/webhooks',
    '/docs',
    '/api/v1/shared/factsheets/',
    '/api/v1/shared/factsheets/a/b',
    '/api/v1/openapi.jsonx',
  ])('keeps %s closed', (path) => {
    expect(isPublicRead(path)).toBe(false);
  });
});
