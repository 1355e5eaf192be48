import fs from 'node:fs/promises';
import path from 'node:path';

import {
  eptCsv,
  factsheetPdf,
  holdingsXlsx,
  isharesHoldingsCsv,
  kidPdf,
  kiidPdf,
  navCsv,
  plainHoldingsCsv,
  tptJson,
} from './documents';
import { writeFindatexSamples } from './findatex';
import { round, type SampleFund, sampleFunds } from './funds';
import { writeSampleScpiLibrary } from './scpi';

export { type SampleFund, sampleFunds } from './funds';

/** Every document of one sample fund, by file name (the local library's naming). */
export async function sampleDocuments(fund: SampleFund): Promise<Record<string, Buffer | string>> {
  const files: Record<string, Buffer | string> = {};
  if (fund.keyDocument === 'kid') files['kid.pdf'] = await kidPdf(fund);
  if (fund.keyDocument === 'kiid') files['kiid.pdf'] = await kiidPdf(fund);
  if (fund.hasFactsheet) files['factsheet.pdf'] = await factsheetPdf(fund, factsheetTables(fund));
  if (fund.holdingsFormat === 'ishares-csv') files['holdings.csv'] = isharesHoldingsCsv(fund);
  if (fund.holdingsFormat === 'plain-csv') files['holdings.csv'] = plainHoldingsCsv(fund);
  if (fund.holdingsFormat === 'xlsx') files['holdings.xlsx'] = holdingsXlsx(fund);
  if (fund.holdingsFormat === 'tpt-json') files['tpt.json'] = tptJson(fund);
  if (fund.hasNav) files['nav.csv'] = navCsv(fund);
  if (fund.hasEpt) files['ept.csv'] = eptCsv(fund);
  return files;
}

function factsheetTables(fund: SampleFund) {
  const topHoldings = [...fund.holdings]
    .filter((h) => h.assetClass !== 'Cash')
    .sort((a, b) => b.weight - a.weight)
    .slice(0, 10);
  const bySector = new Map<string, number>();
  for (const h of fund.holdings) bySector.set(h.sector, (bySector.get(h.sector) ?? 0) + h.weight);
  const sectors = [...bySector]
    .map(([label, weight]) => ({ label, weight: round(weight, 2) }))
    .sort((a, b) => b.weight - a.weight);
  return { topHoldings, sectors };
}

/** Writes the sample library under `root`: one folder per ISIN. Deterministic, so rewriting changes nothing. */
export async function writeSampleLibrary(root: string): Promise<number> {
  const funds = sampleFunds();
  for (const fund of funds) {
    const dir = path.join(root, fund.isin);
    await fs.mkdir(dir, { recursive: true });
    for (const [name, content] of Object.entries(await sampleDocuments(fund)))
      await fs.writeFile(path.join(dir, name), content);
  }
  await writeFindatexSamples(root); // findatex/: share classes known from FinDatEx files alone
  await writeSampleScpiLibrary(root); // scpi/<slug>/: French real-estate funds, by slug
  return funds.length;
}
