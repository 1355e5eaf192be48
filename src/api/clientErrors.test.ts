import { parserError } from './clientErrors';

describe('parserError: what the HTTP parser refuses, as our error codes', () => {
  it.each([
    ['HPE_HEADER_OVERFLOW', 431, 'headers_too_large'],
    ['HPE_INVALID_METHOD', 501, 'not_implemented'],
    ['ERR_HTTP_REQUEST_TIMEOUT', 408, 'request_timeout'],
    ['HPE_INVALID_HEADER_TOKEN', 400, 'bad_request'],
    ['HPE_INVALID_VERSION', 400, 'bad_request'],
    [undefined, 400, 'bad_request'],
  ])('%s -> %i %s', (code, status, name) => {
    expect(parserError(code)).toMatchObject({ status, code: name });
  });
});
