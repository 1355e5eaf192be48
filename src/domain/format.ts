/**
 * Formats a decimal fraction as the percent string the payload uses: two decimals as documents
 * print them ("0.20%"), more when the source is more precise (0.000684 -> "0.0684%", at most four).
 */
export function percentFromFraction(fraction: number | null): string {
  if (fraction === null || !Number.isFinite(fraction)) return '';
  const magnitude = Math.abs(fraction * 100).toFixed(4);
  const sign = fraction < 0 && Number(magnitude) !== 0 ? '-' : '';
  const [whole, decimals] = magnitude.split('.');
  return `${sign}${whole}.${decimals.replace(/0+$/, '').padEnd(2, '0')}%`;
}

/** "1 year", "5 years"; fractional periods keep their decimals. */
export function yearsLabel(years: number | null): string {
  if (years === null || !Number.isFinite(years) || years <= 0) return '';
  return `${Number(years.toFixed(2))} ${years === 1 ? 'year' : 'years'}`;
}
