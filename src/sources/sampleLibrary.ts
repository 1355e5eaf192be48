import fs from 'node:fs/promises';
import path from 'node:path';
import { isinCheckDigit } from '../domain/isin';

/**
 * The sample library `npm start` and the tests run on: fictional funds, deterministic, under the
 * user-assigned country code ZZ so that no invented figure ever sits under a real fund's ISIN.
 * Names say they are samples.
 */
export interface SampleFund {
  isin: string;
  name: string;
  manager: string;
  currency: string;
  assetClass: 'equity' | 'bond' | 'money market' | 'allocation' | 'alternative';
  sri: number;
  ongoing: number;
  rhpYears: number;
  inception: string;
  /** Annual drift and volatility of the simulated NAV. */
  drift: number;
  vol: number;
  hasNav: boolean;
  hasBenchmark: boolean;
}

export function sampleIsin(n: number): string {
  const body = `ZZSMPL${String(n).padStart(5, '0')}`;
  return body + isinCheckDigit(body);
}

const MANAGERS = ['Sample Asset Management', 'Example Capital Partners', 'Demo Investors SA'];
const ARCHETYPES: Omit<SampleFund, 'isin' | 'name' | 'manager' | 'currency' | 'inception' | 'hasNav' | 'hasBenchmark'>[] = [
  { assetClass: 'equity', sri: 4, ongoing: 0.002, rhpYears: 5, drift: 0.07, vol: 0.15 },
  { assetClass: 'bond', sri: 2, ongoing: 0.0015, rhpYears: 3, drift: 0.025, vol: 0.05 },
  { assetClass: 'money market', sri: 1, ongoing: 0.001, rhpYears: 1, drift: 0.02, vol: 0.003 },
  { assetClass: 'allocation', sri: 3, ongoing: 0.009, rhpYears: 4, drift: 0.045, vol: 0.09 },
  { assetClass: 'alternative', sri: 5, ongoing: 0.014, rhpYears: 5, drift: 0.04, vol: 0.12 },
];
const LABELS: Record<SampleFund['assetClass'], string[]> = {
  equity: ['Global Equity', 'Europe Equity', 'US Equity', 'Emerging Markets Equity', 'Technology Equity', 'Japan Equity', 'Global Value Equity', 'Global Small Cap Equity'],
  bond: ['Euro Government Bond', 'Global Aggregate Bond', 'US Corporate Bond', 'High Yield Bond', 'Short Duration Bond', 'Inflation Linked Bond', 'Emerging Markets Debt', 'Green Bond'],
  'money market': ['Euro Liquidity', 'USD Treasury Money Market', 'Sterling Liquidity', 'Swiss Franc Money Market', 'Euro Short Term Money Market', 'USD Liquidity', 'Euro Cash Plus', 'Global Liquidity'],
  allocation: ['Balanced Allocation', 'Defensive Allocation', 'Growth Allocation', 'Income Allocation', 'Multi Asset Flexible', 'Moderate Allocation', 'Target 2040', 'Conservative Allocation'],
  alternative: ['Global Macro', 'Long Short Equity', 'Market Neutral', 'Managed Futures', 'Event Driven', 'Multi Strategy', 'Commodities', 'Infrastructure Alternative'],
};
const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF'];

export function sampleFunds(): SampleFund[] {
  const funds: SampleFund[] = [];
  for (let i = 0; i < 40; i++) {
    const archetype = ARCHETYPES[i % ARCHETYPES.length];
    const label = LABELS[archetype.assetClass][Math.floor(i / ARCHETYPES.length)];
    const distributing = i % 3 === 1;
    funds.push({
      ...archetype,
      isin: sampleIsin(i + 1),
      name: `Sample ${label} Fund ${distributing ? 'Dist' : 'Acc'}`,
      manager: MANAGERS[i % MANAGERS.length],
      currency: CURRENCIES[i % CURRENCIES.length],
      inception: `${2012 + (i % 11)}-${String(1 + (i % 12)).padStart(2, '0')}-01`,
      hasNav: i % 9 !== 8,
      hasBenchmark: i % 4 !== 3,
    });
  }
  return funds;
}

/** mulberry32: a small seeded PRNG, so the library is the same on every machine. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(rand: () => number): number {
  const u = Math.max(rand(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}

/** Business days from inception to `until`, a geometric random walk for the fund and its benchmark. */
export function navCsv(fund: SampleFund, seed: number, until = '2026-10-30'): string {
  const rand = prng(seed);
  const lines = [fund.hasBenchmark ? 'Date,NAV,Benchmark' : 'Date,NAV'];
  let nav = 100;
  let bench = 100;
  const dt = 1 / 252;
  for (let d = new Date(`${fund.inception}T00:00:00Z`); d.toISOString().slice(0, 10) <= until; d.setUTCDate(d.getUTCDate() + 1)) {
    if (d.getUTCDay() === 0 || d.getUTCDay() === 6) continue;
    const shock = gaussian(rand);
    nav *= Math.exp((fund.drift - fund.vol ** 2 / 2) * dt + fund.vol * Math.sqrt(dt) * shock);
    bench *= Math.exp((fund.drift + 0.004 - fund.vol ** 2 / 2) * dt + fund.vol * Math.sqrt(dt) * (0.9 * shock + 0.436 * gaussian(rand)));
    lines.push(fund.hasBenchmark ? `${d.toISOString().slice(0, 10)},${nav.toFixed(4)},${bench.toFixed(4)}` : `${d.toISOString().slice(0, 10)},${nav.toFixed(4)}`);
  }
  return `${lines.join('\n')}\n`;
}

const EPT_COLUMNS = [
  '00001_EPT_Version', '00010_Portfolio_Manufacturer_Name', '00030_Portfolio_Identifying_Data', '00040_Type_Of_Identification_Code_For_The_Fund_Share_Or_Portfolio',
  '00050_Portfolio_Name', '00060_Portfolio_Or_Share_Class_Currency', '00070_PRIIPs_KID_Publication_Date', '01090_SRI', '01120_Recommended_Holding_Period',
  '03010_One_Off_Cost_Portfolio_Entry_Cost', '03020_One_Off_Costs_Portfolio_Exit_Cost_At_RHP',
  '03060_Ongoing_Costs_Management_Fees_And_Other_Administrative_Or_Operating_Costs', '03080_Ongoing_Costs_Portfolio_Transaction_Costs',
];

export function eptCsv(fund: SampleFund): string {
  const csvCell = (v: string | number) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
  const row = ['V21', fund.manager, fund.isin, 1, fund.name, fund.currency, '2026-02-16', fund.sri, fund.rhpYears, 0, 0, fund.ongoing, Number((fund.ongoing / 5).toFixed(6))];
  return `${EPT_COLUMNS.join(',')}\n${row.map(csvCell).join(',')}\n`;
}

/** Writes (or rewrites, identically) the sample library under `root`. */
export async function writeSampleLibrary(root: string): Promise<number> {
  const funds = sampleFunds();
  for (const [i, fund] of funds.entries()) {
    const dir = path.join(root, fund.isin);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, 'ept.csv'), eptCsv(fund));
    if (fund.hasNav) await fs.writeFile(path.join(dir, 'nav.csv'), navCsv(fund, 1000 + i));
  }
  return funds.length;
}
