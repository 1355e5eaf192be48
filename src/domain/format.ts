/** Formats a decimal fraction (0.0025) as the percent string the payload uses ("0.25%"). */
export function percentFromFraction(fraction: number | null, decimals = 2): string {
  if (fraction === null || !Number.isFinite(fraction)) return '';
  const pct = Number((fraction * 100).toFixed(decimals));
  return `${pct}%`;
}

/** "1 year", "5 years"; fractional periods keep their decimals. */
export function yearsLabel(years: number | null): string {
  if (years === null || !Number.isFinite(years) || years <= 0) return '';
  return `${Number(years.toFixed(2))} ${years === 1 ? 'year' : 'years'}`;
}
