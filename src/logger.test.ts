import { accessLog, createLogger } from './logger';

/** Access lines reach the destination at the end of the event loop's turn. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

/** A destination that keeps what it is given. */
function capture() {
  const lines: string[] = [];
  return { lines, write: (line: string) => void lines.push(line) };
}

const sameTime = (line: string) => line.replace(/"time":"[^"]+"/, '"time":"T"');

describe('the access line', () => {
  const cases = [
    {
      requestId: '085ac356-cde7-4b62-9e02-f4c2c10703c8',
      method: 'GET',
      path: '/api/v1/funds/ZZSMPL000014',
      status: 200,
      ms: 1.23,
      account: 98,
    },
    { requestId: 'abc.DEF:123-_', method: 'POST', path: '/api/v1/x"y\\z\u2028é', status: 401, ms: 0 },
  ];

  it.each(cases)('is the line log.info(line, "request") writes (%#)', async (line) => {
    const out = capture();
    const log = createLogger('info', 'api', out);
    log.info(line, 'request');
    accessLog(log)(line);
    await turn();
    expect(out.lines).toHaveLength(2);
    expect(sameTime(out.lines[1])).toBe(sameTime(out.lines[0]));
    expect(JSON.parse(out.lines[1])).toMatchObject({ level: 30, service: 'api', name: 'api', msg: 'request', ...line });
  });

  it('follows the logger level', async () => {
    const out = capture();
    const log = createLogger('warn', 'api', out);
    accessLog(log)(cases[0]);
    await turn();
    expect(out.lines).toHaveLength(0);
  });

  it('writes the lines of one turn in one write, in order', async () => {
    const out = capture();
    const access = accessLog(createLogger('info', 'api', out));
    for (let i = 0; i < 3; i++) access({ ...cases[0], status: 200 + i });
    expect(out.lines).toHaveLength(0);
    await turn();
    expect(out.lines).toHaveLength(1);
    expect(
      out.lines[0]
        .split('\n')
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { status: number }).status),
    ).toEqual([200, 201, 202]);
  });

  it('falls back to log.info for a logger made elsewhere', () => {
    const out = capture();
    const log = createLogger('info', 'worker', out).child({});
    accessLog(log)(cases[0]);
    expect(JSON.parse(out.lines[0])).toMatchObject({ name: 'worker', msg: 'request', requestId: cases[0].requestId });
  });
});
