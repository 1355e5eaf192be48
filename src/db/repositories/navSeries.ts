import type { NavPoint } from '../../domain/navSeries';
import type { SeriesWrite } from '../../usecases/ports/derived';
import { chDate, chString, type ClickHouseClient } from '../clickhouse';

export type SeriesName = 'fund' | 'benchmark';

/** NAV and benchmark series in ClickHouse, one row per (isin, series, date); a reload replaces the same dates. */
export class NavSeriesRepository {
  constructor(private readonly clickhouse: ClickHouseClient) {}

  async write(isin: string, series: SeriesName, points: NavPoint[], loadedAt: Date): Promise<void> {
    await this.writeMany([{ isin, series, points, loadedAt }]);
  }

  /** Several series in one insert (a rebuild); returns the number of rows written. */
  async writeMany(writes: readonly SeriesWrite[]): Promise<number> {
    const values = writes.flatMap(({ isin, series, points, loadedAt }) => {
      const stamp = loadedAt.toISOString().slice(0, 19).replace('T', ' ');
      return points.map((p) => ({ isin, series, date: p.date, value: p.value, loaded_at: stamp }));
    });
    if (values.length > 0) await this.clickhouse.insert({ table: 'nav_series', values, format: 'JSONEachRow' });
    return values.length;
  }

  /** Oldest first. `isin` must be validated by the caller; it is inlined (ClickHouse 18 has no parameters). */
  async read(isin: string, series: SeriesName, from?: string): Promise<NavPoint[]> {
    const since = from ? ` AND date >= ${chDate(from)}` : '';
    const result = await this.clickhouse.query({
      query: `SELECT toString(date) AS date, argMax(value, loaded_at) AS value FROM nav_series
              WHERE isin = ${chString(isin)} AND series = ${chString(series)}${since}
              GROUP BY date ORDER BY date`,
      format: 'JSONEachRow',
    });
    return result.json<NavPoint>();
  }
}
