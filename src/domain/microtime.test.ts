import { epochMicros, isoMicros } from '../schema/microtime';

describe('microsecond instants', () => {
  it.each([
    ['2026-11-23T10:00:00Z', Date.UTC(2026, 10, 23, 10) * 1000],
    ['2026-11-23T10:00:00.5Z', Date.UTC(2026, 10, 23, 10) * 1000 + 500_000],
    ['2026-11-23T10:00:00.123456Z', Date.UTC(2026, 10, 23, 10) * 1000 + 123_456],
    ['2026-11-23T10:00:00.123456789Z', Date.UTC(2026, 10, 23, 10) * 1000 + 123_456],
    ['2026-11-23T11:00:00.000001+01:00', Date.UTC(2026, 10, 23, 10) * 1000 + 1],
  ])('reads %s', (iso, micros) => {
    expect(epochMicros(iso)).toBe(micros);
  });

  it.each([
    '',
    'yesterday',
    '2026-11-23',
    '2026-11-23T10:00:00',
    '2026-13-40T10:00:00Z',
    '2026-02-30T10:00:00Z',
    '2026-11-23T24:30:00Z',
    '2026-11-23T10:00:00.Z',
    '2026-11-23 10:00:00Z',
  ])('refuses %j', (iso) => {
    expect(epochMicros(iso)).toBeNull();
  });

  it('writes six decimals and reads back what it wrote', () => {
    const micros = Date.UTC(2026, 10, 23, 10) * 1000 + 7;
    expect(isoMicros(micros)).toBe('2026-11-23T10:00:00.000007Z');
    expect(epochMicros(isoMicros(micros))).toBe(micros);
    expect(isoMicros(Date.UTC(2026, 0, 1) * 1000 + 999_999)).toBe('2026-01-01T00:00:00.999999Z');
  });
});
