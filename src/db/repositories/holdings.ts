import type { FundHolding, HoldingsSnapshot, HoldingsStamp } from '../../domain/holdings';
import { isValidIsin } from '../../schema/isin';
import type { HoldingsWrite } from '../../usecases/ports/derived';
import { chString, type ClickHouseClient } from '../clickhouse';

/** A stored snapshot with the stamp of the load that wrote it. */
export interface StoredHoldings extends HoldingsSnapshot {
  loadedAt: string;
}

interface HoldingRow {
  isin: string;
  position: number;
  /** loaded_at as text (an alias of its own: ClickHouse 18 aliases would shadow the column in WHERE). */
  loaded: string;
  as_of: string;
  name: string;
  issuer: string;
  holding_isin: string;
  weight: number;
  country: string;
  sector: string;
  asset_class: string;
  currency: string;
}

/** ISINs per read: the IN list is inlined (ClickHouse 18 has no parameters), so it is kept to a sane size. */
const READ_CHUNK = 500;

/** Full holdings in ClickHouse (table fund_holdings), one row per fund x line. */
export class HoldingsRepository {
  constructor(private readonly clickhouse: ClickHouseClient) {}

  /** Writes every line of the snapshot under the load's stamp; returns the stamp the payload keeps. */
  async write(isin: string, snapshot: HoldingsSnapshot, loadedAt: Date): Promise<HoldingsStamp> {
    await this.writeMany([{ isin, snapshot, loadedAt }]);
    return { loadedAt: clickhouseDateTime(loadedAt), asOf: snapshot.asOf, count: snapshot.holdings.length };
  }

  /** Several funds' snapshots in one insert (a rebuild); returns the number of lines written. */
  async writeMany(snapshots: readonly HoldingsWrite[]): Promise<number> {
    const values = snapshots.flatMap(({ isin, snapshot, loadedAt }) => {
      const stamp = clickhouseDateTime(loadedAt);
      const asOf = snapshot.asOf ?? '';
      return snapshot.holdings.map((h, position) => ({
        isin,
        position,
        loaded_at: stamp,
        as_of: asOf,
        name: h.name,
        issuer: h.issuer ?? '',
        holding_isin: h.isin ?? '',
        weight: h.weight,
        country: h.country ?? '',
        sector: h.sector ?? '',
        asset_class: h.assetClass ?? '',
        currency: h.currency ?? '',
      }));
    });
    if (values.length > 0) await this.clickhouse.insert({ table: 'fund_holdings', values, format: 'JSONEachRow' });
    return values.length;
  }

  /** The latest snapshot of each fund that has one. ISINs are validated here before they are inlined. */
  async latest(isins: readonly string[]): Promise<Map<string, StoredHoldings>> {
    const valid = [...new Set(isins)].filter(isValidIsin);
    const found = new Map<string, StoredHoldings>();
    for (let i = 0; i < valid.length; i += READ_CHUNK) {
      for (const row of await this.readLatest(valid.slice(i, i + READ_CHUNK))) addRow(found, row);
    }
    return found;
  }

  private async readLatest(isins: string[]): Promise<HoldingRow[]> {
    const list = isins.map(chString).join(',');
    const result = await this.clickhouse.query({
      query: `SELECT isin, position, toString(loaded_at) AS loaded, as_of, name, issuer, holding_isin, weight, country, sector, asset_class, currency
                FROM fund_holdings
               WHERE isin IN (${list})
                 AND (isin, loaded_at) IN (SELECT isin, max(loaded_at) FROM fund_holdings WHERE isin IN (${list}) GROUP BY isin)
               ORDER BY isin, position`,
      format: 'JSONEachRow',
    });
    return result.json<HoldingRow>();
  }
}

function addRow(found: Map<string, StoredHoldings>, row: HoldingRow): void {
  let snapshot = found.get(row.isin);
  if (!snapshot) {
    snapshot = { loadedAt: row.loaded, asOf: row.as_of || null, holdings: [] };
    found.set(row.isin, snapshot);
  }
  // A merge may not have happened yet: one row per position, the first (they are identical in one load).
  if (snapshot.holdings.length === row.position) snapshot.holdings.push(holdingOf(row));
}

function holdingOf(row: HoldingRow): FundHolding {
  const given = (v: string) => (v === '' ? null : v);
  return {
    name: row.name,
    issuer: given(row.issuer),
    isin: given(row.holding_isin),
    weight: row.weight,
    country: given(row.country),
    sector: given(row.sector),
    assetClass: given(row.asset_class),
    currency: given(row.currency),
  };
}

/** The DateTime text ClickHouse stores and returns ("2026-11-23 10:00:00", UTC, whole seconds). */
function clickhouseDateTime(at: Date): string {
  return at.toISOString().slice(0, 19).replace('T', ' ');
}
