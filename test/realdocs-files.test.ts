/**
 * Accuracy of the file parsers (holdings, FinDatEx, NAV histories) on real published files, read in
 * place from ../shared/realdocs. Expected values come from GROUND_TRUTH.json (checked by eye) and,
 * where that file says nothing (NAV histories, the SPDR and US iShares holdings), from the notes in
 * MANIFEST.tsv, quoted next to each expectation. The official FinDatEx template definitions are used
 * to confirm the field codes the parsers rely on. A fresh clone has no ../shared: the suite skips.
 */
import fs from 'node:fs';
import path from 'node:path';

import { UnreadableDocumentError } from '../src/domain/documents';
import {
  CIC_CATEGORIES,
  EMT_FIELDS,
  EPT_FIELDS,
  type EptRow,
  fieldCode,
  parseEmtCsv,
  parseEpt,
  parseEptCsv as parseEptCsvRows,
  parseTpt,
  parseTptCsv,
  TPT_FIELDS,
} from '../src/parsing/findatex';
import {
  aggregateExposure,
  type Cell,
  cellText,
  type HoldingsFile,
  parseHoldings,
  topHoldings,
  XLSX_MEDIA_TYPE,
  xlsxSheets,
} from '../src/parsing/holdings';
import { parseNav } from '../src/parsing/nav';
import { parseDate } from '../src/parsing/text/dates';

const ROOT = path.resolve(__dirname, '../../shared/realdocs');
const PRESENT = fs.existsSync(path.join(ROOT, 'GROUND_TRUTH.json'));
if (!PRESENT)
  console.log(`realdocs folder absent (${ROOT}): skipping the real-document holdings/FinDatEx/NAV accuracy tests`);
const describeRealDocs = PRESENT ? describe : describe.skip;

const read = (relative: string) => fs.readFileSync(path.join(ROOT, relative));
const mediaTypeOf = (file: string) =>
  file.endsWith('.xlsx')
    ? XLSX_MEDIA_TYPE
    : file.endsWith('.json')
      ? 'application/json'
      : file.endsWith('.yaml')
        ? 'application/yaml'
        : 'text/csv';

/** Field -> right/total over every compared value, printed after the run. */
const tally = new Map<string, { right: number; total: number }>();

function compare(
  field: string,
  expected: unknown,
  actual: unknown,
  equal: (e: unknown, a: unknown) => boolean = (e, a) => e === a,
): string[] {
  const right = equal(expected, actual);
  const t = tally.get(field) ?? { right: 0, total: 0 };
  tally.set(field, { right: t.right + (right ? 1 : 0), total: t.total + 1 });
  return right ? [] : [`${field}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
}

/** Printed percentages have two decimals: equal when within half a hundredth. */
const samePercent = (e: unknown, a: unknown) =>
  typeof e === 'number' && typeof a === 'number' && Math.abs(e - a) < 0.005 + 1e-9;
/** Cost fractions: equal to a millionth of a percent. */
const sameFraction = (e: unknown, a: unknown) =>
  typeof e === 'number' && typeof a === 'number' && Math.abs(e - a) < 1e-9;

describeRealDocs('real files: parser accuracy', () => {
  const truth = PRESENT
    ? (JSON.parse(read('GROUND_TRUTH.json').toString('utf8')) as Record<string, Record<string, unknown>>)
    : {};

  afterAll(() => {
    if (tally.size === 0) return;
    const lines = [...tally].map(([field, t]) => `  ${field.padEnd(34)} ${t.right}/${t.total}`);
    const right = [...tally.values()].reduce((s, t) => s + t.right, 0);
    const total = [...tally.values()].reduce((s, t) => s + t.total, 0);
    console.log(
      `real-file parser accuracy: ${right}/${total} values (${((100 * right) / total).toFixed(1)}%)\n${lines.join('\n')}`,
    );
  });

  // -------------------------------------------------------------------------------------------
  describe('holdings', () => {
    const parsed = new Map<string, Promise<HoldingsFile>>();
    const holdingsOf = (file: string) => {
      if (!parsed.has(file)) parsed.set(file, parseHoldings(read(file), mediaTypeOf(file), file));
      return parsed.get(file)!;
    };

    const truthFiles = Object.keys(truth).filter((k) => k.startsWith('holdings/'));

    it('has ground truth to compare with', () => {
      expect(truthFiles.length).toBeGreaterThan(0);
    });

    it.each(truthFiles)(
      '%s matches GROUND_TRUTH.json (as-of date, top holdings by rank, ISIN and weight)',
      async (file) => {
        const t = truth[file];
        const h = await holdingsOf(file);
        const expectedTop = (t.top5 ?? t.top4 ?? t.top10 ?? t.top) as [string, string, number][];
        const top = topHoldings(h.holdings, expectedTop.length);
        const isinOf = (name: string, weight: number) =>
          h.holdings.find((x) => x.name === name && x.weight === weight)?.isin ?? null;
        const errors = [
          ...compare('holdings.asOf', parseDate(String(t.as_of)), h.asOf),
          ...expectedTop.flatMap(([, isin, weight], i) => [
            ...compare('holdings.top.isin', isin, top[i] ? isinOf(top[i].name, top[i].weight) : null),
            ...compare('holdings.top.weight', weight, top[i]?.weight, samePercent),
          ]),
        ];
        expect(errors).toEqual([]);
      },
    );

    /** From MANIFEST.tsv notes (the files GROUND_TRUTH.json does not cover). */
    const MANIFEST_TOPS: Record<string, { asOf: string | null; top: [RegExp, number][] }> = {
      // "header block (Fund Name/Ticker/'Holdings: As of 30-Aug-2021') ... top Bruker 2.11%"
      'holdings/SPDR_KOMP_holdings-daily-us-en-komp.xlsx': { asOf: '2021-08-30', top: [[/bruker/i, 2.11]] },
      // "preamble stripped by the repo owner; top AAPL 7.47%, MSFT 6.67%, AMZN 2.89%"
      'holdings/iShares_US_IVV_holdings_noheader.csv': {
        asOf: null,
        top: [
          [/apple/i, 7.47],
          [/microsoft/i, 6.67],
          [/amazon/i, 2.89],
        ],
      },
    };

    it.each(Object.keys(MANIFEST_TOPS))('%s matches the MANIFEST.tsv note', async (file) => {
      const expected = MANIFEST_TOPS[file];
      const h = await holdingsOf(file);
      const top = topHoldings(h.holdings, expected.top.length);
      const errors = [
        ...compare('holdings.asOf', expected.asOf, h.asOf),
        ...expected.top.flatMap(([name, weight], i) => [
          ...compare('holdings.top.name', String(name), top[i]?.name, () => name.test(top[i]?.name ?? '')),
          ...compare('holdings.top.weight', weight, top[i]?.weight, (e, a) =>
            samePercent(e, typeof a === 'number' ? Math.round(a * 100) / 100 : a),
          ),
        ]),
      ];
      expect(errors).toEqual([]);
    });

    const allFiles = PRESENT ? fs.readdirSync(path.join(ROOT, 'holdings')).map((f) => `holdings/${f}`) : [];

    it.each(allFiles)('%s: weights add up to about 100%% and every breakdown stays within it', async (file) => {
      const h = await holdingsOf(file);
      const total = h.holdings.reduce((s, x) => s + x.weight, 0);
      expect(total).toBeGreaterThan(97);
      expect(total).toBeLessThan(102);
      expect(h.totalHoldings).toBeGreaterThan(100);
      expect(h.totalHoldings).toBeLessThanOrEqual(h.holdings.length);
      for (const key of ['sector', 'country', 'assetClass', 'currency'] as const) {
        const sum = aggregateExposure(h.holdings, key).reduce((s, e) => s + e.weight, 0);
        if (sum !== 0) expect(Math.abs(sum - total)).toBeLessThan(0.5);
      }
    });

    it('keeps the cash and futures lines at the end of the SWDA file out of the top holdings but in the breakdowns', async () => {
      // MANIFEST.tsv: "ends with cash + futures rows"
      const h = await holdingsOf('holdings/iShares_SWDA_holdings_2021-08-30.csv');
      expect(h.holdings.at(-1)?.assetClass).toBe('Futures');
      expect(topHoldings(h.holdings, 2000).some((x) => /CASH|INDEX/.test(x.name) && !/INC|CORP|LTD/.test(x.name))).toBe(
        false,
      );
      expect(aggregateExposure(h.holdings, 'sector').some((e) => e.label === 'Cash and/or Derivatives')).toBe(true);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('FinDatEx EPT (Captor, V2.1)', () => {
    const XLSX = 'findatex/EPT_captor_2023-12-29.xlsx';
    const YAML = 'findatex/EPT_captor_2023-12-29.yaml';
    const xlsxRows = () => parseEpt(read(XLSX), XLSX_MEDIA_TYPE, XLSX);
    const yamlRows = () => parseEpt(read(YAML), 'application/yaml', YAML);

    it('matches GROUND_TRUTH.json for the documented row', async () => {
      const t = truth[XLSX];
      const row = (await xlsxRows()).find((r) => r.isin === t.row_isin);
      const errors = [
        ...compare('ept.isin', t.row_isin, row?.isin),
        ...compare('ept.name', t.name, row?.name),
        ...compare('ept.currency', t.currency, row?.currency),
        ...compare('ept.sri', t.sri, row?.sri),
        ...compare('ept.mrm', t.mrm, row?.mrm),
        ...compare('ept.rhpYears', t.rhp_years, row?.recommendedHoldingPeriodYears),
        ...compare('ept.ongoing', t.mgmt_admin, row?.ongoingCost, sameFraction),
        ...compare('ept.transaction', t.transaction, row?.transactionCost, sameFraction),
        ...compare('ept.kidPublicationDate', t.kid_publication_date, row?.kidPublicationDate),
      ];
      expect(errors).toEqual([]);
    });

    it('reads all 22 share classes, with the row-1 manifest values (SRI 2, RHP 2y, ongoing 0.25%, transaction 0.0684%)', async () => {
      const rows = await xlsxRows();
      expect(rows).toHaveLength(22);
      expect(new Set(rows.map((r) => r.isin)).size).toBe(22);
      expect(rows[0]).toMatchObject({
        sri: 2,
        recommendedHoldingPeriodYears: 2,
        ongoingCost: 0.0025,
        transactionCost: 0.000684,
        manager: 'Captor Fund Management AB',
      });
    });

    it('reads the same values from the XLSX and the YAML rendering (every field both give)', async () => {
      const [fromXlsx, fromYaml] = [await xlsxRows(), await yamlRows()];
      expect(fromYaml).toHaveLength(fromXlsx.length);
      const errors = fromXlsx.flatMap((x) => {
        const y = fromYaml.find((r) => r.isin === x.isin);
        if (!y) return [`${x.isin}: missing from the YAML`];
        return (Object.keys(x) as (keyof EptRow)[])
          .filter((k) => x[k] !== null && y[k] !== null && x[k] !== '' && y[k] !== '')
          .flatMap((k) => compare(`ept.xlsxVsYaml.${k}`, x[k], y[k]).map((e) => `${x.isin} ${e}`));
      });
      expect(errors).toEqual([]);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('FinDatEx TPT (Captor, V6 JSON)', () => {
    const FILE = 'findatex/TPTV6_SE0017832280_20250829.json';

    it('reads the portfolio, its positions and breakdowns (MANIFEST.tsv: SE0017832280, as of 2025-08-29)', async () => {
      const reports = await parseTpt(read(FILE), 'application/json', FILE);
      expect(reports).toHaveLength(1);
      const [r] = reports;
      const raw = JSON.parse(read(FILE).toString('utf8')) as unknown[];
      const errors = [
        ...compare('tpt.portfolioId', 'SE0017832280', r.portfolio.id),
        ...compare('tpt.asOf', '2025-08-29', r.asOf),
        ...compare('tpt.positions', raw.length, r.positions.length),
      ];
      expect(errors).toEqual([]);
      const total = r.positions.reduce((s, p) => s + p.weight, 0);
      expect(total).toBeCloseTo(100, 6);
      for (const key of ['country', 'instrument', 'assetAllocation', 'currency'] as const) {
        expect(r.breakdowns[key].reduce((s, e) => s + e.weight, 0)).toBeCloseTo(100, 1);
      }
      expect(r.breakdowns.creditQuality.length).toBeGreaterThan(0);
      expect(r.breakdowns.maturity.length).toBeGreaterThan(0);
      expect(r.positions.every((p) => p.instrumentType !== null)).toBe(true);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('FinDatEx field codes against the official templates', () => {
    /** The first sheet of a workbook: the templates define their fields there. */
    async function firstSheet(file: string): Promise<Cell[][]> {
      for await (const rows of xlsxSheets(read(file), file)) return rows;
      throw new Error(`${file}: no sheet`);
    }

    /** Code → field name, from a template definition sheet (one field a row). */
    async function templateCodes(file: string): Promise<Map<string, string>> {
      const sheet = await firstSheet(file);
      const codes = new Map<string, string>();
      for (const row of sheet) {
        const cell = row.map(cellText).find((c) => fieldCode(c.trim()) !== null);
        if (cell) codes.set(fieldCode(cell.trim())!, cell.trim().replace(/\s+/g, ' '));
      }
      return codes;
    }

    /** What each code must be called in the template, so that a wrong code cannot pass for a right one. */
    const EPT_NAMES: Record<keyof typeof EPT_FIELDS, RegExp> = {
      version: /EPT_Version/,
      manager: /Manufacturer_Name/,
      isin: /Portfolio_Identifying_Data/,
      name: /Portfolio_Name/,
      currency: /Currency/,
      kidPublicationDate: /PRIIPs_KID_Publication_Date/,
      priipsCategory: /PRIIPs_Category/,
      fundCic: /CIC/,
      sri: /_SRI$/,
      mrm: /_MRM$/,
      rhp: /Recommended_Holding_Period/,
      entry: /Entry_Cost$/,
      exitAtRhp: /Exit_Cost_At_RHP/,
      exitAt1Year: /Exit_Cost_At_1_Year/,
      ongoing: /Ongoing_Costs_Management_Fees/,
      transaction: /Ongoing_Costs_Portfolio_Transaction_Costs/,
      hasIncidental: /Existing_Incidental_Costs/,
      incidental: /Incidental_Costs$/,
      riy1y: /RIY_1_Year/,
      riyRhp: /RIY_RHP/,
      incidentalStructured: /Performance_Fees/,
      ucitsSrri: /UCITS_SRRI/,
      ucitsOngoingCharges: /UCITS_Ongoing_Charges/,
      ucitsHasPerformanceFee: /UCITS_Existing_Performance_Fees/,
      ucitsPerformanceFee: /UCITS_Performance_Fees/,
    };
    const EMT_NAMES: Record<keyof typeof EMT_FIELDS, RegExp> = {
      version: /EMT_Version/,
      isin: /Identifying_Data/,
      name: /Instrument_Name/,
      currency: /Instrument_Currency/,
      hasPerformanceFee: /Performance_Fee/,
      referenceDate: /General_Reference_Date/,
      productType: /Product_Type/,
      manager: /Manufacturer_Name/,
      retail: /Retail/,
      professional: /Professional/,
      eligibleCounterparty: /Eligible_Counterparty/,
      basicInvestor: /Basic_Investor/,
      informedInvestor: /Informed_Investor/,
      advancedInvestor: /Advanced_Investor/,
      noCapitalLoss: /Can_Not_Bear_Capital_Loss/,
      limitedCapitalLoss: /Bear_Limited_Capital_Loss/,
      limitedCapitalLossLevel: /Limited_Capital_Loss_Level/,
      noCapitalGuarantee: /Capital_Guarantee/,
      lossBeyondCapital: /Loss_Beyond_Capital/,
      riskTolerancePriips: /PRIIPS_Methodology/,
      riskToleranceUcits: /UCITS_Methodology/,
      preservation: /Preservation/,
      growth: /Capital_Growth/,
      income: /Income/,
      hedging: /Hedging/,
      leveraged: /Leveraged/,
      holdingPeriod: /Recommended_Holding_Period/,
      sustainabilityPreferences: /Sustainability_Preferences/,
      executionOnly: /Execution_Only/,
      nonAdvised: /Appropriateness/,
      investmentAdvice: /Investment_Advice/,
      portfolioManagement: /Portfolio_Management/,
      entryMax: /Maximum_Entry_Cost_Non_Acquired/,
      entryAcquired: /Maximum_Entry_Cost_Acquired/,
      exitMax: /Maximum_Exit_Cost_Non_Acquired/,
      exitAcquired: /Maximum_Exit_Cost_Acquired/,
      ongoing: /Gross_Ongoing_Costs/,
      managementFee: /Management_Fee$/,
      distributionFee: /Distribution_Fee$/,
      transaction: /Transaction_Costs_Ex_Ante$/,
      incidental: /Incidental_Costs_Ex_Ante$/,
      costsReferenceDate: /Ex_Ante_Costs_Reference_Date/,
      ongoingExPost: /Ongoing_Costs_Ex_Post/,
      transactionExPost: /Transaction_Costs_Ex_Post$/,
      incidentalExPost: /Incidental_Costs_Ex_Post/,
    };
    const TPT_NAMES: Record<keyof typeof TPT_FIELDS, RegExp> = {
      portfolioId: /Portfolio_identifying_data/,
      portfolioName: /Portfolio_name/,
      portfolioCurrency: /Portfolio_currency/,
      netAssets: /Net_asset_valuation/,
      valuationDate: /Valuation_date/,
      reportingDate: /Reporting_date/,
      cashRatio: /Cash_ratio/,
      portfolioDuration: /Portfolio_modified_duration/,
      cic: /CIC_code_of_the_instrument/,
      instrumentId: /Identification_code_of_the_instrument/,
      instrumentName: /Instrument_name/,
      quotationCurrency: /Quotation_currency/,
      marketValuePc: /Market_valuation_in_portfolio_currency/,
      weight: /Valuation_weight/,
      exposureWeight: /Market_exposure_in_weight/,
      maturityDate: /^39_Maturity_date/,
      issuerName: /^46_Issuer_name/,
      issuerCountry: /^52_Issuer_country/,
      economicSector: /Economic_sector/,
      creditQualityStep: /Credit_quality_step/,
      modifiedDuration: /Modified_duration_to_maturity_date/,
      creditRating: /Credit_rating/,
      version: /TPT_Version/,
    };

    /** The template version that introduced a field, when not every version has it. */
    const EPT_V21_ONLY = new Set<keyof typeof EPT_FIELDS>([
      'ucitsSrri',
      'ucitsOngoingCharges',
      'ucitsHasPerformanceFee',
      'ucitsPerformanceFee',
    ]);

    async function checkCodes<K extends string>(
      file: string,
      fields: Record<K, string>,
      names: Record<K, RegExp>,
      optional: Set<K> = new Set(),
    ) {
      const codes = await templateCodes(file);
      const errors = (Object.keys(fields) as K[]).flatMap((key) => {
        const name = codes.get(fields[key]);
        if (!name) return optional.has(key) ? [] : compare('template.code', `${key}=${fields[key]}`, null);
        const pattern: RegExp = names[key];
        return compare('template.code', `${key}=${fields[key]} (${pattern})`, name, () => pattern.test(name));
      });
      expect(errors).toEqual([]);
      return codes;
    }

    it('EPT V2.0 defines every code the EPT parser reads (bar the V2.1 UCITS block)', async () => {
      await checkCodes('findatex/TEMPLATE_EPT_V2.0_FINAL.xlsx', EPT_FIELDS, EPT_NAMES, EPT_V21_ONLY);
    });

    it('EPT V2.1 defines every code, and a file with its full header parses', async () => {
      const codes = await checkCodes('findatex/TEMPLATE_EPT_V2.1_Final.xlsx', EPT_FIELDS, EPT_NAMES);
      const headers = [...codes.values()];
      const values = headers.map((h) => {
        const code = fieldCode(h);
        if (code === EPT_FIELDS.isin) return 'ZZ0000000017';
        if (code === EPT_FIELDS.sri) return '3';
        if (code === EPT_FIELDS.ongoing) return '0.0042';
        if (code === EPT_FIELDS.kidPublicationDate) return '2025-01-31';
        return '';
      });
      const [row] = parseEptCsvRows(
        Buffer.from(`${headers.map((h) => `"${h}"`).join(',')}\n${values.join(',')}\n`),
        'template',
      );
      expect(row).toMatchObject({
        isin: 'ZZ0000000017',
        sri: 3,
        ongoingCost: 0.0042,
        kidPublicationDate: '2025-01-31',
      });
    });

    it.each(['findatex/TEMPLATE_EMT_V4.1_20230503.xlsx', 'findatex/TEMPLATE_EMT_V4.3_20251217.xlsx'])(
      '%s defines every code the EMT parser reads, and its header parses',
      async (file) => {
        const codes = await checkCodes(file, EMT_FIELDS, EMT_NAMES);
        const headers = [...codes.values()];
        const values = headers.map((h) => {
          const code = fieldCode(h);
          if (code === EMT_FIELDS.isin) return 'ZZ0000000017';
          if (code === EMT_FIELDS.retail) return 'Y';
          if (code === EMT_FIELDS.ongoing) return '0.0115';
          if (code === EMT_FIELDS.holdingPeriod) return 'L';
          return '';
        });
        const [row] = parseEmtCsv(
          Buffer.from(`${headers.map((h) => `"${h}"`).join(';')}\n${values.join(';')}\n`),
          file,
        );
        expect(row).toMatchObject({ isin: 'ZZ0000000017', recommendedHoldingPeriodTerm: 'long term (>5y)' });
        expect(row.targetMarket.retail).toBe('Y');
        expect(row.costs.ongoing).toBe(0.0115);
      },
    );

    it('TPT V7 defines every code the TPT parser reads, its CIC categories match ours, and its header parses', async () => {
      const file = 'findatex/TEMPLATE_TPT_V7_20241125.xlsx';
      const codes = await checkCodes(file, TPT_FIELDS, TPT_NAMES);
      const sheet = await firstSheet(file);
      const categoryHeads = sheet.flatMap((row) => row.map(cellText)).filter((c) => /\(CIC\s*[0-9A-F]\)/.test(c));
      const templateCategories = categoryHeads.map((c) => /\(CIC\s*([0-9A-F])\)/.exec(c)![1]).sort();
      expect(templateCategories).toEqual(Object.keys(CIC_CATEGORIES).sort());
      const headers = [...codes.values()];
      const values = headers.map((h) => {
        const code = fieldCode(h);
        if (code === TPT_FIELDS.portfolioId) return 'ZZ0000000017';
        if (code === TPT_FIELDS.cic) return 'DE12';
        if (code === TPT_FIELDS.weight) return '0.5';
        if (code === TPT_FIELDS.valuationDate) return '2025-01-31';
        return '';
      });
      const [report] = parseTptCsv(
        Buffer.from(`${headers.map((h) => `"${h}"`).join(',')}\n${values.join(',')}\n`),
        file,
      );
      expect(report.asOf).toBe('2025-01-31');
      expect(report.positions[0]).toMatchObject({ weight: 50, instrumentType: 'Government bonds' });
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('NAV histories (MANIFEST.tsv notes)', () => {
    const nav = (file: string) => parseNav(read(file), mediaTypeOf(file), file);

    it('iShares XEM: "Index Return Series" as the benchmark; "30 Aug 2016 NAV 27.248022"', () => {
      const s = nav('nav_history/iShares_CA_XEM_nav_history.csv');
      const errors = [
        ...compare('nav.latestDate', '2016-08-30', s.fund.at(-1)?.date),
        ...compare('nav.latestValue', 27.248022, s.fund.at(-1)?.value),
        ...compare('nav.hasBenchmark', true, s.benchmark.length === s.fund.length),
      ];
      expect(errors).toEqual([]);
      expect(s.fund.every((p, i) => i === 0 || p.date > s.fund[i - 1].date)).toBe(true);
    });

    it('Captor Iris Bond JSON: "1750 points", "2017-05-29 ..", "rebased to 100 at start"', () => {
      const s = nav('nav_history/Captor_Iris_Bond_SE0009807308_series.json');
      const errors = [
        ...compare('nav.points', 1750, s.fund.length),
        ...compare('nav.firstDate', '2017-05-29', s.fund[0]?.date),
        ...compare('nav.firstValue', 100, s.fund[0]?.value),
      ];
      expect(errors).toEqual([]);
    });

    it('Vanguard VCE: "10-row ... snippet (dd-mm-yyyy)", newest first in the file', () => {
      const s = nav('nav_history/Vanguard_CA_VCE_snippet.csv');
      const errors = [
        ...compare('nav.points', 10, s.fund.length),
        ...compare('nav.firstDate', '2016-09-27', s.fund[0]?.date),
        ...compare('nav.latestDate', '2016-10-11', s.fund.at(-1)?.date),
      ];
      expect(errors).toEqual([]);
    });

    it('rejects the Vanguard "profile + distribution history" JSON: it holds no NAV series', () => {
      expect(() => nav('nav_history/etf_price_distribution_history.json')).toThrow(UnreadableDocumentError);
    });
  });
});
