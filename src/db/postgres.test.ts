import { isPostgresOutage } from './postgres';

const err = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe('isPostgresOutage: the database is not there, as opposed to a bad query', () => {
  it.each([
    ['refused', err('connect ECONNREFUSED 127.0.0.1:5443', 'ECONNREFUSED')],
    ['reset', err('read ECONNRESET', 'ECONNRESET')],
    ['fast shutdown of a pooled connection', err('terminating connection due to administrator command', '57P01')],
    ['crash shutdown', err('terminating connection due to crash of another server process', '57P02')],
    ['starting up', err('the database system is starting up', '57P03')],
    ['too many connections', err('sorry, too many clients already', '53300')],
    ['connection exception class', err('connection failure', '08006')],
    ['socket ended', err('Connection terminated unexpectedly')],
    ['pool connect timeout', err('timeout exceeded when trying to connect')],
    [
      'dual-stack refusal',
      Object.assign(new AggregateError([err('connect ECONNREFUSED ::1:5443', 'ECONNREFUSED')]), { message: '' }),
    ],
  ])('%s', (_label, e) => {
    expect(isPostgresOutage(e)).toBe(true);
  });

  it.each([
    ['a syntax error', err('syntax error at or near "SELEC"', '42601')],
    ['a unique violation', err('duplicate key value violates unique constraint', '23505')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'x')")],
    ['nothing', null],
    ['a string', 'ECONNREFUSED'],
  ])('not %s', (_label, e) => {
    expect(isPostgresOutage(e)).toBe(false);
  });
});
