import { formatCount, formatDate, formatInstant, httpUrl } from './format';
import { usageChart } from './usageChart';
import type { UsageDay } from './views';

const PALETTE_FILLS = /fill="(#0f3b66|#4f81bd|#8c6d1f|#5b8c5a|#8e5ea2|#b35c1e|#2f7f86|#6b7280)"/g;

function texts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]);
}

/** The day labels: the longest run "1", "2", ... among the chart's texts. */
function dayAxis(svg: string): string[] {
  const all = texts(svg);
  const start = all.indexOf('1');
  const run: string[] = [];
  for (let i = start; i >= 0 && i < all.length && all[i] === String(run.length + 1); i += 1) run.push(all[i]);
  return run;
}

const days: UsageDay[] = [
  { day: '2025-11-01', operation: 'GET /funds/:isin', calls: 120, credits: 120 },
  { day: '2025-11-03', operation: 'POST /funds', calls: 40, credits: 200 },
  { day: '2025-11-03', operation: 'GET /funds/:isin', calls: 10, credits: 10 },
  { day: '2025-11-30', operation: 'POST /extract', calls: 2, credits: 10 },
];

describe('usageChart', () => {
  it('draws one stacked bar series per operation and a credits line, over every day of November', () => {
    const svg = usageChart(days, '2025-11-01T00:00:00.000Z', 'Calls in November');
    expect(svg.startsWith('<svg class="chart-svg" role="img" aria-label="Calls in November"')).toBe(true);
    expect(svg).not.toMatch(/<style|\sstyle=/);
    expect(dayAxis(svg)).toHaveLength(30);
    // The legend: the operations, the busiest first, then the credits line.
    expect(texts(svg).slice(-4)).toEqual(['GET /funds/:isin', 'POST /funds', 'POST /extract', 'Credits']);
    // One colour per operation: its bars and its legend mark.
    expect(new Set(svg.match(PALETTE_FILLS)).size).toBe(3);
  });

  it('gives a 31-day month 31 days, and February 2024 29', () => {
    const december = usageChart([{ ...days[0], day: '2025-12-31' }], '2025-12-01T00:00:00Z', 'December');
    expect(dayAxis(december)).toHaveLength(31);
    const february = usageChart([{ ...days[0], day: '2024-02-10' }], '2024-02-01T00:00:00Z', 'February');
    expect(dayAxis(february)).toHaveLength(29);
    expect(new Set(february.match(PALETTE_FILLS)).size).toBe(1);
  });

  it('is empty without calls', () => {
    expect(usageChart([], '2025-11-01T00:00:00Z', 'Nothing')).toBe('');
  });

  it('escapes an operation name and the title', () => {
    const svg = usageChart(
      [{ ...days[0], operation: '<script>alert(1)</script>' }],
      '2025-11-01T00:00:00Z',
      '"><img src=x>',
    );
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('<img');
    expect(svg).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('formats', () => {
  it('prints instants in UTC to the minute, and days', () => {
    expect(formatInstant('2025-11-03T09:05:59.999Z')).toBe('2025-11-03 09:05 UTC');
    expect(formatInstant('2025-11-03T23:30:00+02:00')).toBe('2025-11-03 21:30 UTC');
    expect(formatInstant('not a date')).toBe('not a date');
    expect(formatDate('2025-12-01T00:00:00.000Z')).toBe('2025-12-01');
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('lets only http(s) URLs become links', () => {
    expect(httpUrl('https://example.com/a')).toBe('https://example.com/a');
    expect(httpUrl('javascript:alert(1)')).toBeNull();
    expect(httpUrl('JavaScript:alert(1)')).toBeNull();
    expect(httpUrl('data:text/html,x')).toBeNull();
    expect(httpUrl('/relative')).toBeNull();
  });
});
