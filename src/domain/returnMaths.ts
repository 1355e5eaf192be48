/** Return, volatility and drawdown maths on NAV values, and the rounding and formatting of figures for the payload. */
import { MONTHS_PER_YEAR } from './calendarArithmetic';
import type { NavPoint } from './navSeries';

/** Decimals of payload numbers and metric strings. */
const OUTPUT_DECIMALS = 2;
export const PERCENT = 100;

/** A fraction as a percent string with fixed decimals: 0.1523 -> "15.23%", -0.1234 -> "-12.34%"; null/NaN -> "". */
export function formatPercent(fraction: number | null, decimals = OUTPUT_DECIMALS): string {
  if (fraction === null || !Number.isFinite(fraction)) return '';
  return `${fixed(fraction * PERCENT, decimals)}%`;
}

/** A plain ratio with fixed decimals: 0.8512 -> "0.85"; null/NaN -> "". */
export function formatRatio(value: number | null, decimals = OUTPUT_DECIMALS): string {
  if (value === null || !Number.isFinite(value)) return '';
  return fixed(value, decimals);
}

/** Rounds for the payload; never returns -0, so a flat figure does not print as "-0". */
export function roundTo(value: number, decimals = OUTPUT_DECIMALS): number {
  const factor = 10 ** decimals;
  const rounded = Math.round(value * factor) / factor;
  return rounded === 0 ? 0 : rounded;
}

function fixed(value: number, decimals: number): string {
  return roundTo(value, decimals).toFixed(decimals);
}

/** Geometric annualisation of a growth ratio over `years`, as a fraction. */
export function annualise(growth: number, years: number): number {
  return growth ** (1 / years) - 1;
}

export function simpleReturns(samples: readonly NavPoint[]): number[] {
  return samples.slice(1).map((p, i) => p.value / samples[i].value - 1);
}

/** Sample (n-1) standard deviation of monthly returns, scaled by sqrt(12) under the i.i.d. convention. */
export function annualisedVolatility(returns: readonly number[]): number {
  const mean = returns.reduce((sum, r) => sum + r, 0) / returns.length;
  const variance = returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / (returns.length - 1);
  return Math.sqrt(variance) * Math.sqrt(MONTHS_PER_YEAR);
}

/** Largest fall from a running peak, as a negative fraction (0 when the series never falls). */
export function maxDrawdown(samples: readonly NavPoint[]): number {
  let peak = samples[0].value;
  let worst = 0;
  for (const { value } of samples) {
    peak = Math.max(peak, value);
    worst = Math.min(worst, value / peak - 1);
  }
  return worst;
}
