import pino from 'pino';

import { type DependencyCheck, DependencyMonitor } from './dependencyMonitor';
import { overallStatus } from './routes/health/route';

const log = pino({ level: 'silent' });
const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

function check(name: DependencyCheck['name'], state: { up: boolean }): DependencyCheck {
  return {
    name,
    probe: () => (state.up ? Promise.resolve() : Promise.reject(refused)),
    isOutage: (e) => e === refused && name === 'postgres',
  };
}

describe('DependencyMonitor', () => {
  it('reports each dependency, down when its probe fails, up again when it answers', async () => {
    const pg = { up: true };
    const ch = { up: false };
    const monitor = new DependencyMonitor(
      [check('postgres', pg), check('clickhouse', ch), check('temporal', { up: true })],
      { log },
    );
    let report = await monitor.checkAll();
    expect(report.postgres.status).toBe('up');
    expect(report.clickhouse.status).toBe('down');
    expect(overallStatus(report)).toBe('degraded');
    expect(monitor.firstDown(['temporal', 'clickhouse'])).toBe('clickhouse');
    ch.up = true;
    report = await monitor.checkAll();
    expect(report.clickhouse.status).toBe('up');
    expect(overallStatus(report)).toBe('ok');
    expect(monitor.firstDown(['temporal', 'clickhouse'])).toBeNull();
  });

  it('counts a probe that hangs past its timeout as down', async () => {
    const hanging: DependencyCheck = { name: 'temporal', probe: () => new Promise(() => {}), isOutage: () => false };
    const monitor = new DependencyMonitor([hanging], { log, probeTimeoutMs: 20 });
    expect((await monitor.checkAll()).temporal.status).toBe('down');
  });

  it('learns of an outage from a request error at once, and only from outage errors', async () => {
    const monitor = new DependencyMonitor([check('postgres', { up: true })], { log });
    expect(monitor.outageOf(new Error('syntax error'))).toBeNull();
    expect(monitor.isDown('postgres')).toBe(false);
    expect(monitor.outageOf(refused)).toBe('postgres');
    expect(monitor.isDown('postgres')).toBe(true);
    expect(
      overallStatus({
        ...monitor.report(),
        clickhouse: { status: 'up', since: '' },
        temporal: { status: 'up', since: '' },
      }),
    ).toBe('unavailable');
    await monitor.checkAll();
    expect(monitor.isDown('postgres')).toBe(false);
  });

  it('keeps the time a dependency entered its status', async () => {
    const state = { up: false };
    const monitor = new DependencyMonitor([check('clickhouse', state)], { log });
    const first = (await monitor.checkAll()).clickhouse.since;
    await new Promise((r) => setTimeout(r, 5));
    expect((await monitor.checkAll()).clickhouse.since).toBe(first);
  });
});

describe('DependencyMonitor under a flood of health checks', () => {
  it('shares one round of probes among concurrent calls', async () => {
    let probes = 0;
    const slow: DependencyCheck = {
      name: 'postgres',
      probe: () => new Promise((r) => setTimeout(() => r(probes++), 20)),
      isOutage: () => false,
    };
    const monitor = new DependencyMonitor([slow], { log });
    await Promise.all(Array.from({ length: 500 }, () => monitor.checkAll()));
    expect(probes).toBe(1);
    await monitor.checkAll();
    expect(probes).toBe(2); // a later call probes again
  });
});
