import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
  type GiveUpEvent,
  isAlive,
  type RestartEvent,
  type RestartPolicy,
  sleep,
  Supervisor,
  waitFor,
} from './supervisor';

/**
 * Real child processes (node -e). Each child appends its pid to a "starts" file when it starts, so
 * the tests count starts rather than time them; the only timings asserted are lower bounds.
 */
let dir: string;
let supervisor: Supervisor;
let restarts: RestartEvent[];
let crashes: { name: string; code: number | null; logTail: string }[];
let gaveUp: GiveUpEvent[];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'supervisor-test-'));
  supervisor = new Supervisor(path.join(dir, 'logs'), path.join(dir, 'pids'));
  restarts = [];
  crashes = [];
  gaveUp = [];
  supervisor.onRestart = (event) => restarts.push(event);
  supervisor.onUnexpectedExit = (name, code, logTail) => crashes.push({ name, code, logTail });
  supervisor.onGiveUp = (event) => gaveUp.push(event);
});

afterEach(async () => {
  await supervisor.stopAll(() => {}).catch(() => {});
  fs.rmSync(dir, { recursive: true, force: true });
});

const startsFile = (name: string) => path.join(dir, `${name}.starts`);

/** The starts of a child: one line per start, `<pid> <epoch ms>`. */
function starts(name: string): { pid: number; at: number }[] {
  if (!fs.existsSync(startsFile(name))) return [];
  return fs
    .readFileSync(startsFile(name), 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const [pid, at] = line.split(' ').map(Number);
      return { pid, at };
    });
}

/** A node child that records its start, then runs `body`. */
function child(name: string, body: string, restart?: RestartPolicy | false) {
  const record = `require('fs').appendFileSync(${JSON.stringify(startsFile(name))}, process.pid + ' ' + Date.now() + '\\n');`;
  return { name, command: process.execPath, args: ['-e', `${record} ${body}`], restart };
}

const crashAfter = (ms: number, code = 3) =>
  `console.error('boom ${code}'); setTimeout(() => process.exit(${code}), ${ms});`;
const runForever = 'setInterval(() => {}, 1000);';

const until = (what: string, probe: () => boolean) => waitFor(what, () => Promise.resolve(probe()), 30_000, 20);

const quick = (overrides: Partial<RestartPolicy> = {}): RestartPolicy => ({
  maxCrashes: 20,
  windowMs: 60_000,
  firstDelayMs: 50,
  maxDelayMs: 200,
  stableAfterMs: 60_000,
  ...overrides,
});

describe('Supervisor restarts', () => {
  it('restarts a crashing child with growing delays, reporting the exit, the attempt and the delay', async () => {
    supervisor.start(child('crasher', crashAfter(100), quick()));
    await until('five restarts', () => restarts.length >= 5 && starts('crasher').length >= 6);

    expect(restarts.slice(0, 5).map((r) => r.delayMs)).toEqual([50, 100, 200, 200, 200]);
    expect(restarts.slice(0, 5).map((r) => r.attempt)).toEqual([1, 2, 3, 4, 5]);
    expect(restarts[0]).toMatchObject({ name: 'crasher', exit: { code: 3, signal: null } });
    expect(crashes[0].logTail).toContain('boom 3');
    const times = starts('crasher').map((s) => s.at);
    // Each restart waited at least its back-off (plus the 100 ms the child ran); timers may fire a millisecond early.
    for (let i = 0; i < 5; i++) expect(times[i + 1] - times[i]).toBeGreaterThanOrEqual(restarts[i].delayMs + 100 - 5);
    expect(new Set(starts('crasher').map((s) => s.pid)).size).toBe(starts('crasher').length);
    expect(fs.readFileSync(path.join(dir, 'logs', 'crasher.log'), 'utf8')).toMatch(
      /\[supervisor\] .* restarting crasher \(attempt 1\) after code 3/,
    );
  });

  it('reports a signal as the cause when a child is killed, and restarts it', async () => {
    supervisor.start(child('victim', runForever, quick()));
    await until('the child to start', () => starts('victim').length === 1);
    process.kill(starts('victim')[0].pid, 'SIGKILL');
    await until('the restart', () => starts('victim').length === 2);
    expect(restarts[0]).toMatchObject({ name: 'victim', exit: { code: null, signal: 'SIGKILL' }, attempt: 1 });
    expect(supervisor.pid('victim')).toBe(starts('victim')[1].pid);
  });

  it('starts the back-off afresh for a child that stayed up long enough', async () => {
    supervisor.start(child('steady', crashAfter(300), quick({ stableAfterMs: 150 })));
    await until('three restarts', () => restarts.length >= 3);
    expect(restarts.slice(0, 3).map((r) => [r.attempt, r.delayMs])).toEqual([
      [1, 50],
      [1, 50],
      [1, 50],
    ]);
  });

  it('gives up on a child that crashes too often, says why, and leaves it down', async () => {
    supervisor.start(child('flaky', 'process.exit(7);', quick({ maxCrashes: 2, firstDelayMs: 10 })));
    await until('the supervisor to give up', () => gaveUp.length === 1);
    await sleep(500);
    expect(gaveUp).toEqual([{ name: 'flaky', exit: { code: 7, signal: null }, crashes: 3, windowMs: 60_000 }]);
    expect(restarts).toHaveLength(2);
    expect(starts('flaky')).toHaveLength(3);
    expect(supervisor.pid('flaky')).toBeNull();
  });

  it('kills what a crashed child left in its process group, so it cannot hold the port of the restart', async () => {
    const grandchildFile = path.join(dir, 'grandchild.pid');
    const leaveOrphan = `const c = require('child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
      require('fs').writeFileSync(${JSON.stringify(grandchildFile)}, String(c.pid)); setTimeout(() => process.exit(1), 200);`;
    supervisor.start(child('parent', leaveOrphan));
    await until('the parent to exit', () => crashes.length === 1);
    const grandchild = Number(fs.readFileSync(grandchildFile, 'utf8'));
    await until('the grandchild to be killed', () => !isAlive(grandchild));
  });
});

describe('Supervisor without a restart policy', () => {
  it('does not restart a child that exits (the default)', async () => {
    supervisor.start(child('once', crashAfter(50)));
    await until('the exit', () => crashes.length === 1);
    await sleep(500);
    expect(crashes[0]).toMatchObject({ name: 'once', code: 3 });
    expect(starts('once')).toHaveLength(1);
    expect(restarts).toEqual([]);
    expect(supervisor.pid('once')).toBeNull();
  });
});

describe('Supervisor stop', () => {
  it('stops one named child cleanly without restarting it, and starts it again on demand', async () => {
    supervisor.start(child('a', runForever, quick()));
    supervisor.start(child('b', runForever, quick()));
    await until('both to start', () => starts('a').length === 1 && starts('b').length === 1);

    await supervisor.stop('a');
    expect(isAlive(starts('a')[0].pid)).toBe(false);
    expect(supervisor.pid('a')).toBeNull();
    expect(fs.existsSync(path.join(dir, 'pids', 'a.pid'))).toBe(false);
    await sleep(500);
    expect(starts('a')).toHaveLength(1);
    expect(crashes).toEqual([]);
    expect(isAlive(starts('b')[0].pid)).toBe(true);

    supervisor.restartNow('a');
    await until('a to start again', () => starts('a').length === 2);
    expect(supervisor.pid('a')).toBe(starts('a')[1].pid);
    expect(Number(fs.readFileSync(path.join(dir, 'pids', 'a.pid'), 'utf8'))).toBe(starts('a')[1].pid);
  });

  it('refuses to start a second child under a running name', () => {
    supervisor.start(child('a', runForever));
    expect(() => supervisor.start(child('a', runForever))).toThrow(/already running/);
  });

  it('stops every child and restarts nothing afterwards', async () => {
    supervisor.start(child('a', runForever, quick()));
    supervisor.start(child('b', runForever, quick()));
    await until('both to start', () => starts('a').length === 1 && starts('b').length === 1);
    await supervisor.stopAll(() => {});
    expect(isAlive(starts('a')[0].pid)).toBe(false);
    expect(isAlive(starts('b')[0].pid)).toBe(false);
    await sleep(500);
    expect(starts('a')).toHaveLength(1);
    expect(starts('b')).toHaveLength(1);
    expect(crashes).toEqual([]);
    expect(() => supervisor.start(child('c', runForever))).toThrow(/stopped everything/);
  });

  it('does not restart a child whose back-off is still running when everything is stopped', async () => {
    supervisor.start(child('crasher', crashAfter(50), quick({ firstDelayMs: 400 })));
    await until('the first crash', () => restarts.length === 1);
    await supervisor.stopAll(() => {});
    await sleep(1_000);
    expect(starts('crasher')).toHaveLength(1);
  });

  it('does not restart a child that crashes while the others are being stopped', async () => {
    supervisor.start(child('victim', runForever, quick({ firstDelayMs: 10 })));
    await until('the victim to start', () => starts('victim').length === 1);
    // Stopped first (last started); on SIGTERM it kills the victim, then takes its time to exit.
    const victim = starts('victim')[0].pid;
    const killsVictimOnStop = `process.on('SIGTERM', () => { process.kill(${victim}, 'SIGKILL'); setTimeout(() => process.exit(0), 500); }); ${runForever}`;
    supervisor.start(child('killer', killsVictimOnStop, quick()));
    await until('the killer to start', () => starts('killer').length === 1);
    await supervisor.stopAll(() => {});
    expect(isAlive(victim)).toBe(false);
    await sleep(500);
    expect(starts('victim')).toHaveLength(1);
    expect(restarts).toEqual([]);
  });
});
