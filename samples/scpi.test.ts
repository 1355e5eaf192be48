import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { closePdfReaders, extractPdfText } from '../src/parsing/pdf/text';
import { isValidIsin } from '../src/schema/isin';
import {
  SCPI_CATEGORIES,
  ScpiDebt,
  ScpiDistributionDetail,
  ScpiFees,
  ScpiKeyFacts,
  ScpiLiquidity,
  ScpiPerformance,
  ScpiPortfolio,
} from '../src/schema/scpi';
import { priceOn, type SampleScpi, sampleScpis, scpiProfiles, scpiSlug, writeSampleScpiLibrary } from './scpi';
import { scpiDocumentContents, scpiDocuments } from './scpiDocuments';

const scpis = sampleScpis();
const profiles = scpiProfiles();
const profileOf = (s: SampleScpi) => profiles.find((p) => p.slug === s.slug)!;
const has = (s: SampleScpi, kind: string) => s.documents.some((d) => d.kind === kind);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** Text compared with runs of white space (ordinary, no-break, line breaks, tabs between cells) as one space. */
const flat = (t: string) => t.replace(/[\s\u00a0]+/g, ' ');

const REAL_DIR = process.env.SCPI_REALDOCS_DIR ?? path.resolve(__dirname, '../../shared/realdocs/scpi');
const REAL_FILE = path.join(REAL_DIR, 'maximus-scpi__scpi_complet.json');

describe('sample SCPI library', () => {
  afterAll(() => closePdfReaders());

  it('has at least 15 fictional SCPI: names say they are samples, ISINs under ZZ with a valid check digit, slugs from names', () => {
    expect(scpis.length).toBeGreaterThanOrEqual(15);
    expect(new Set(scpis.map((s) => s.slug)).size).toBe(scpis.length);
    for (const s of scpis) {
      expect(s.name).toMatch(/^SCPI Sample /);
      expect(s.slug).toBe(scpiSlug(s.name));
      expect(s.slug).toMatch(/^sample-[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(s.managementCompany).toMatch(/Sample|Démo/);
      if (s.isin !== null) {
        expect(s.isin).toMatch(/^ZZSCPI\d{5}\d$/);
        expect(isValidIsin(s.isin)).toBe(true);
      }
      expect(s.expected.keyFacts.isin).toBe(s.isin);
    }
    expect(scpiSlug('SCPI Sample Épargne Horizon')).toBe('sample-epargne-horizon');
    expect(scpiSlug('SCPI Cœur de Régions')).toBe('coeur-de-regions');
    expect(scpis.filter((s) => s.isin === null).length).toBeGreaterThanOrEqual(2);
  });

  it('covers every category of the schema, both capital types, and publishes in both bulletin rhythms', () => {
    expect(new Set(scpis.map((s) => s.category))).toEqual(new Set(SCPI_CATEGORIES));
    expect(new Set(scpis.map((s) => s.capitalType))).toEqual(new Set(['fixe', 'variable']));
    for (const s of scpis) {
      if (has(s, 'dic') || has(s, 'bulletin') || has(s, 'note-information') || has(s, 'rapport-annuel')) {
        expect(s.expected.keyFacts.category).toBe(s.category);
        expect(s.expected.keyFacts.capitalType).toBe(s.capitalType);
      }
    }
    const files = scpis.flatMap((s) => s.documents.map((d) => d.file));
    expect(files.some((f) => /^bulletin-\d{4}-t[1-4]\.pdf$/.test(f))).toBe(true);
    expect(files.some((f) => /^bulletin-\d{4}-s[12]\.pdf$/.test(f))).toBe(true);
    for (const f of files)
      expect(f).toMatch(/^(bulletin-\d{4}-[ts]\d\.pdf|dic\.pdf|rapport-annuel-\d{4}\.pdf|note-information\.pdf)$/);
    expect(
      scpis.filter((s) => s.expected.portfolio.sectorSplit.length && s.expected.portfolio.geographicSplit.length)
        .length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('has SCPI with missing documents', () => {
    expect(scpis.some((s) => !has(s, 'rapport-annuel'))).toBe(true);
    expect(scpis.some((s) => !has(s, 'note-information'))).toBe(true);
    expect(scpis.some((s) => !has(s, 'dic'))).toBe(true);
    expect(scpis.some((s) => !has(s, 'bulletin'))).toBe(true);
    expect(scpis.some((s) => s.documents.length === 1 && has(s, 'dic'))).toBe(true); // only a DIC
    expect(scpis.some((s) => s.documents.length === 1 && has(s, 'bulletin'))).toBe(true); // only a bulletin
    expect(scpis.some((s) => ['bulletin', 'dic', 'rapport-annuel', 'note-information'].every((k) => has(s, k)))).toBe(
      true,
    );
    // What no document states stays null.
    const dicOnly = scpis.find((s) => s.documents.length === 1 && has(s, 'dic'))!;
    expect(dicOnly.expected.keyFacts.capitalisationEur).toBeNull();
    expect(dicOnly.expected.portfolio.financialOccupancyRatePct).toBeNull();
    expect(dicOnly.expected.performance.distributionRateByYear).toEqual([]);
    expect(dicOnly.expected.keyFacts.riskIndicator).not.toBeNull();
  });

  it('has one SCPI whose latest bulletin disagrees with its older DIC on the share price: the newer document wins', () => {
    const disagreeing = scpis.filter((s) => s.disagreement);
    expect(disagreeing).toHaveLength(1);
    const [s] = disagreeing;
    const d = s.disagreement!;
    expect(d.field).toBe('keyFacts.sharePriceEur');
    expect(d.older.file).toBe('dic.pdf');
    expect(d.newer.file).toMatch(/^bulletin-/);
    expect(d.newer.date > d.older.date).toBe(true);
    expect(d.newer.value).not.toBe(d.older.value);
    expect(s.expected.keyFacts.sharePriceEur).toBe(d.newer.value);
    expect(s.sources['keyFacts.sharePriceEur']).toBe(d.newer.file);
    // Elsewhere a DIC never contradicts a newer bulletin.
    for (const other of scpis.filter((x) => x !== s))
      expect(other.superseded.filter((x) => x.file === 'dic.pdf' && x.winner.file.startsWith('bulletin-'))).toEqual([]);
  });

  it('has a price change during the year, with a share-price history', () => {
    const changed = scpis.filter((s) =>
      s.expected.performance.sharePriceHistory.some((h) => h.date.startsWith('2025-')),
    );
    expect(changed.length).toBeGreaterThanOrEqual(1);
    for (const s of changed) {
      const history = s.expected.performance.sharePriceHistory;
      expect(history.length).toBeGreaterThanOrEqual(2);
      expect(history.at(-1)!.priceEur).toBe(s.expected.keyFacts.sharePriceEur);
      expect([...history].sort((a, b) => a.date.localeCompare(b.date))).toEqual(history);
    }
  });

  it('states figures consistent with the ASPIM definitions', () => {
    for (const s of scpis) {
      const e = s.expected;
      const p = profileOf(s);
      const price = e.keyFacts.sharePriceEur;
      // Taux de distribution = distribution brute de l'année / prix de souscription au 1er janvier.
      for (const r of e.performance.distributionRateByYear) {
        const dist = e.performance.distributionPerShareByYear.find((d) => d.year === r.year);
        expect(dist).toBeDefined();
        expect(Math.abs((dist!.value / priceOn(p, `${r.year}-01-01`)) * 100 - r.value)).toBeLessThanOrEqual(
          0.005 + 1e-9,
        );
      }
      // Capitalisation = nombre de parts × prix de souscription (to the precision printed).
      if (e.keyFacts.capitalisationEur !== null) {
        const at = s.documents.find((d) => d.file === s.sources['keyFacts.capitalisationEur'])!;
        expect(s.sources.sharesOutstanding).toBe(at.file);
        const exact = s.sharesOutstanding! * priceOn(p, at.date);
        expect(Math.abs(e.keyFacts.capitalisationEur - exact) / exact).toBeLessThan(0.005);
      }
      if (price !== null && e.performance.reconstitutionValueEur !== null) {
        // The price stays within 10 % of the reconstitution value; realisation is below reconstitution.
        expect(Math.abs(price / e.performance.reconstitutionValueEur - 1)).toBeLessThanOrEqual(0.1);
        expect(e.performance.realisationValueEur!).toBeLessThan(e.performance.reconstitutionValueEur);
        expect(e.performance.premiumToReconstitutionPct).toBeCloseTo(
          (price / e.performance.reconstitutionValueEur - 1) * 100,
          1,
        );
      }
      // Valeur de retrait = prix de souscription - commission de souscription HT (variable capital).
      if (
        s.capitalType === 'variable' &&
        price !== null &&
        e.keyFacts.withdrawalPriceEur !== null &&
        e.keyFacts.subscriptionFeesPct !== null
      ) {
        expect(e.keyFacts.withdrawalPriceEur).toBeCloseTo(price * (1 - e.keyFacts.subscriptionFeesPct / 1.2 / 100), 2);
      }
      if (price !== null && e.keyFacts.withdrawalPriceEur !== null)
        expect(e.keyFacts.withdrawalPriceEur).toBeLessThanOrEqual(price);
      if (e.keyFacts.minimumSubscriptionEur !== null)
        expect(e.keyFacts.minimumSubscriptionEur).toBe(e.keyFacts.minimumSubscriptionShares! * price!);
      // The year's distribution is its revenus fonciers plus its revenus financiers.
      if (e.distribution.year !== null) {
        const dist = e.performance.distributionPerShareByYear.find((d) => d.year === e.distribution.year)!;
        expect(e.distribution.rentalIncomeEur! + e.distribution.financialIncomeEur!).toBeCloseTo(dist.value, 2);
      }
      // PGA = taux de distribution + variation du prix de la part over the year.
      if (e.performance.pgaPct !== null) {
        const last = e.performance.distributionRateByYear.at(-1)!;
        const [from, to] = [priceOn(p, `${last.year}-01-01`), priceOn(p, `${Number(last.year) + 1}-01-01`)];
        expect(e.performance.pgaPct).toBeCloseTo(last.value + ((to - from) / from) * 100, 1);
      }
      for (const split of [e.portfolio.sectorSplit, e.portfolio.geographicSplit]) {
        if (split.length) expect(split.reduce((a, w) => a + w.weight, 0)).toBeCloseTo(100, 5);
      }
      if (e.portfolio.walbYears !== null) expect(e.portfolio.waltYears!).toBeGreaterThan(e.portfolio.walbYears);
      if (e.debt.ltvPct !== null) expect(e.debt.ltvPct).toBeLessThanOrEqual(e.debt.debtRatioPct!);
    }
  });

  it('keeps every figure within fixed sane ranges (no real data needed)', () => {
    for (const s of scpis) {
      const e = s.expected;
      const inRange = (v: number | null, lo: number, hi: number, what: string) => {
        if (v === null) return;
        if (v < lo || v > hi) throw new Error(`${s.slug}: ${what} ${v} outside [${lo}, ${hi}]`);
      };
      for (const r of e.performance.distributionRateByYear) inRange(r.value, 2, 9, 'distribution rate');
      inRange(e.portfolio.financialOccupancyRatePct, 85, 100, 'TOF');
      inRange(e.portfolio.physicalOccupancyRatePct, 80, 100, 'TOP');
      inRange(e.keyFacts.sharePriceEur, 100, 1200, 'share price');
      for (const h of e.performance.sharePriceHistory) inRange(h.priceEur, 100, 1200, 'historical price');
      inRange(e.keyFacts.capitalisationEur, 20e6, 4e9, 'capitalisation');
      inRange(e.keyFacts.subscriptionFeesPct, 0, 13, 'subscription fees');
      inRange(e.keyFacts.managementFeesPct, 5, 15, 'management fees');
      inRange(e.debt.debtRatioPct, 0, 40, 'debt');
      inRange(e.keyFacts.riskIndicator, 1, 7, 'risk class');
      for (const t of [e.performance.tri.y5, e.performance.tri.y10, e.performance.tri.y15]) inRange(t, 0, 9, 'TRI');
      inRange(e.portfolio.walbYears, 1, 12, 'WALB');
      inRange(e.liquidity.numberOfShareholders, 100, 200000, 'associés');
    }
  });

  (fs.existsSync(REAL_FILE) ? it : it.skip)(
    `keeps distribution rate, TOF, share price and capitalisation within the ranges of the real SCPI (${REAL_FILE}; skipped when absent)`,
    () => {
      const real = JSON.parse(fs.readFileSync(REAL_FILE, 'utf8')) as Record<string, unknown>[];
      const range = (key: string) => {
        const stated = real
          .map((r) => r[key])
          .filter(
            (v): v is string | number => (typeof v === 'string' || typeof v === 'number') && String(v).trim() !== '',
          );
        const values = stated.map((v) => Number(String(v).replace(',', '.'))).filter(Number.isFinite);
        expect(values.length).toBeGreaterThan(20);
        return [Math.min(...values), Math.max(...values)] as const;
      };
      const [rateLo, rateHi] = range('Taux de distribution (%)');
      const [tofLo, tofHi] = range('TOF (%)');
      const [priceLo, priceHi] = range('Prix de souscription (€)');
      const [capLo, capHi] = range('Capitalisation (M€)');
      for (const s of scpis) {
        const e = s.expected;
        for (const r of e.performance.distributionRateByYear) {
          expect(r.value).toBeGreaterThanOrEqual(rateLo - 0.5);
          expect(r.value).toBeLessThanOrEqual(rateHi + 0.5);
        }
        if (e.portfolio.financialOccupancyRatePct !== null) {
          expect(e.portfolio.financialOccupancyRatePct).toBeGreaterThanOrEqual(tofLo - 1);
          expect(e.portfolio.financialOccupancyRatePct).toBeLessThanOrEqual(Math.min(100, tofHi + 1));
        }
        for (const price of [e.keyFacts.sharePriceEur, ...e.performance.sharePriceHistory.map((h) => h.priceEur)]) {
          if (price === null) continue;
          expect(price).toBeGreaterThanOrEqual(priceLo * 0.9);
          expect(price).toBeLessThanOrEqual(priceHi * 1.1);
        }
        if (e.keyFacts.capitalisationEur !== null) {
          expect(e.keyFacts.capitalisationEur / 1e6).toBeGreaterThanOrEqual(capLo * 0.9);
          expect(e.keyFacts.capitalisationEur / 1e6).toBeLessThanOrEqual(capHi * 1.1);
        }
      }
    },
  );

  it('gives expectations in the shape of the SCPI payload groups', () => {
    for (const s of scpis) {
      const e = s.expected;
      expect(() => ScpiKeyFacts.parse(e.keyFacts)).not.toThrow();
      expect(() => ScpiPerformance.parse(e.performance)).not.toThrow();
      expect(() => ScpiPortfolio.parse(e.portfolio)).not.toThrow();
      expect(() => ScpiFees.parse(e.fees)).not.toThrow();
      expect(() => ScpiDebt.parse(e.debt)).not.toThrow();
      expect(() => ScpiLiquidity.parse(e.liquidity)).not.toThrow();
      expect(() => ScpiDistributionDetail.parse(e.distribution)).not.toThrow();
      expect(e.dataAsOf).toBe(
        s.documents
          .map((d) => d.date)
          .sort()
          .at(-1),
      );
      for (const [field, file] of Object.entries(s.sources)) {
        if (file !== 'computed') expect(s.documents.map((d) => d.file)).toContain(file);
        expect(field).toBeTruthy();
      }
    }
  });

  it('generates the same bytes every time, in <root>/scpi/<slug>/', async () => {
    const hashes = async () => {
      const out: string[] = [];
      for (const p of profiles)
        for (const [name, bytes] of Object.entries(await scpiDocuments(p))) out.push(`${p.slug}/${name}:${sha(bytes)}`);
      return out;
    };
    expect(await hashes()).toEqual(await hashes());

    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'scpi-library-'));
    try {
      expect(await writeSampleScpiLibrary(root)).toBe(scpis.length);
      const first = scpis.flatMap((s) =>
        s.documents.map((d) => `${s.slug}/${d.file}:${sha(fs.readFileSync(path.join(root, 'scpi', s.slug, d.file)))}`),
      );
      expect(fs.readdirSync(path.join(root, 'scpi')).sort()).toEqual(scpis.map((s) => s.slug).sort());
      for (const s of scpis)
        expect(fs.readdirSync(path.join(root, 'scpi', s.slug)).sort()).toEqual(s.documents.map((d) => d.file).sort());
      await writeSampleScpiLibrary(root);
      const second = scpis.flatMap((s) =>
        s.documents.map((d) => `${s.slug}/${d.file}:${sha(fs.readFileSync(path.join(root, 'scpi', s.slug, d.file)))}`),
      );
      expect(second).toEqual(first);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  describe.each(profiles.map((p) => [p.slug, p] as const))('%s', (_slug, profile) => {
    it('prints every figure it states, in French formats, in the text layer', async () => {
      const files = await scpiDocuments(profile);
      for (const content of scpiDocumentContents(profile)) {
        const pdf = await extractPdfText(files[content.document.file], {
          layout: false,
          origin: content.document.file,
        });
        const raw = pdf.pages.join('\n');
        const text = flat(raw);
        expect(text).toContain(profile.name);
        expect(text).toContain(profile.managementCompany);
        for (const st of content.statements)
          for (const shown of st.shown)
            expect([content.document.file, st.field, text.includes(flat(shown))]).toEqual([
              content.document.file,
              st.field,
              true,
            ]);
        // Decimal commas, the unit after a space. (The documents draw no-break spaces; WinAnsi names that
        // glyph "space", so text readers give it back as an ordinary space.)
        expect(raw).toMatch(/\d,\d{2}[ \u00a0](€|%)/);
        if (profile.isin) expect(text).toContain(profile.isin);
      }
    });
  });

  it('states the price change of the year as management companies write it', async () => {
    const s = scpis.find((x) => x.expected.performance.sharePriceHistory.some((h) => h.date === '2025-07-01'))!;
    expect(s).toBeDefined();
    const p = profileOf(s);
    const bulletin = s.documents.filter((d) => d.kind === 'bulletin').at(-1)!;
    const pdf = await extractPdfText((await scpiDocuments(p))[bulletin.file], { layout: false });
    const history = s.expected.performance.sharePriceHistory;
    const [before, after] = history.slice(-2);
    expect(flat(pdf.pages.join('\n'))).toContain(
      flat(
        `Le prix de souscription a été porté de ${before.priceEur}\u00a0€ à ${after.priceEur}\u00a0€ le 1er juillet 2025`,
      ),
    );
    expect(flat(pdf.pages.join('\n'))).toMatch(/3e trimestre 2025/);
    expect(flat(pdf.pages.join('\n'))).toMatch(/au 30\/09\/2025/);
  });
});
