import pino from 'pino';

import { CountingBilling } from '../../test/fixtures/countingBilling';
import { MemoryFundStore } from '../../test/fixtures/memoryFundStore';
import { emptyFundData } from '../domain/fundSkeleton';
import type { FundData } from '../schema/fund';
import { createFactsheet, documentOf, type FactsheetDeps, type FactsheetRequest, linksOf } from './factsheets';
import type { FactsheetRecord, FactsheetStore, NewFactsheet, PageVariant, SavedFactsheet } from './ports/factsheets';
import type { StoredFund } from './ports/funds';

const ISIN = 'ZZSMPL000014';
const data = {
  ...emptyFundData('2026-11-23T10:00:00.000Z'),
  keyFacts: { ...emptyFundData().keyFacts, manager: 'Sample AM' },
  dataAsOf: '2026-10-30',
};
const fund: StoredFund = {
  isin: ISIN,
  name: 'Sample <Fund>',
  payload: Buffer.from(JSON.stringify(data)),
  generatedAt: new Date('2026-11-23T10:00:00Z'),
  expiresAt: new Date(Date.now() + 3_600_000),
};

/** Sheets in memory, and the PDFs "printed" into it by the fake printer. */
class MemorySheets implements FactsheetStore {
  readonly sheets = new Map<string, SavedFactsheet & { accountId: number }>();
  readonly pdfs = new Map<string, Buffer>();
  /** Stored pages by sheet and variant, with what they were rendered with. */
  readonly pages = new Map<string, { rendition: string; html: Buffer }>();
  create(sheet: NewFactsheet): Promise<FactsheetRecord> {
    const record: FactsheetRecord = {
      id: `00000000-0000-4000-8000-${String(this.sheets.size).padStart(12, '0')}`,
      isin: sheet.fund.isin,
      name: sheet.fund.name,
      issuer: sheet.issuer,
      language: sheet.language,
      format: sheet.format,
      favorite: false,
      createdAt: new Date(),
      fundGeneratedAt: sheet.fund.generatedAt,
      dataAsOf: sheet.dataAsOf,
      shareToken: 'T'.repeat(43),
    };
    const snapshot = {
      isin: record.isin,
      name: record.name,
      generatedAt: record.fundGeneratedAt.toISOString(),
      data: JSON.parse(sheet.fund.payload.toString()) as FundData,
    };
    this.sheets.set(record.id, { record, snapshot, accountId: sheet.accountId });
    return Promise.resolve(record);
  }
  list() {
    return Promise.resolve([...this.sheets.values()].map((s) => s.record));
  }
  get(accountId: number, id: string) {
    const s = this.sheets.get(id);
    return Promise.resolve(s && s.accountId === accountId ? s : null);
  }
  shared() {
    return Promise.resolve(null);
  }
  setFavorite() {
    return Promise.resolve(null);
  }
  remove() {
    return Promise.resolve(false);
  }
  pdf(id: string) {
    return Promise.resolve(this.pdfs.get(id) ?? null);
  }
  page(id: string, variant: PageVariant, rendition: string) {
    const kept = this.pages.get(`${id}/${variant}`);
    return Promise.resolve(kept?.rendition === rendition ? kept.html : null);
  }
  savePage(id: string, variant: PageVariant, rendition: string, html: Buffer) {
    if (this.sheets.has(id)) this.pages.set(`${id}/${variant}`, { rendition, html });
    return Promise.resolve();
  }
}

function deps(options: { printer?: 'works' | 'down'; stored?: boolean } = {}) {
  const funds = new MemoryFundStore();
  if (options.stored !== false) funds.stored.set(ISIN, fund);
  const sheets = new MemorySheets();
  const prints: string[] = [];
  const renders: string[] = [];
  const d: FactsheetDeps = {
    funds,
    loader: { load: () => Promise.resolve({ status: 'not_found' }) },
    health: { firstDown: () => null },
    loadTimeoutMs: 1000,
    log: pino({ level: 'silent' }),
    sheets,
    renderer: {
      html: (snapshot, o) => (
        renders.push(o.variant),
        `<p>${snapshot.isin} ${o.variant} ${o.language} ${o.pdfUrl}</p>`
      ),
      template: 't1',
      styleHash: 'sha256-x',
    },
    printer: {
      print: (sheet) => {
        prints.push(sheet.id);
        if (options.printer === 'down') return Promise.resolve(false);
        sheets.pdfs.set(sheet.id, Buffer.from('%PDF-1.7'));
        return Promise.resolve(true);
      },
    },
    shareUrl: (token, kind) => `https://api.example/shared/${token}/${kind}`,
  };
  return { d, sheets, prints, renders };
}

const request = (over: Partial<FactsheetRequest> = {}): FactsheetRequest => ({
  accountId: 1,
  isin: ISIN,
  format: 'html',
  language: 'en',
  deliver: 'document',
  ...over,
});

describe('createFactsheet: the story of POST /factsheets', () => {
  it('saves an HTML sheet with the fund as it is, renders the page, and keeps the charge', async () => {
    const billing = new CountingBilling();
    const { d, sheets } = deps();
    const outcome = await createFactsheet(d, request({ language: 'fr' }), billing);
    expect(outcome).toMatchObject({
      outcome: 'created',
      document: {
        type: 'html',
        html: Buffer.from(`<p>${ISIN} page fr https://api.example/shared/${'T'.repeat(43)}/pdf</p>`),
      },
    });
    expect([billing.charges, billing.refunds]).toEqual([1, 0]);
    const [saved] = sheets.sheets.values();
    expect(saved.record).toMatchObject({ issuer: 'Sample AM', dataAsOf: '2026-10-30', language: 'fr', format: 'html' });
    expect(saved.snapshot.data.keyFacts.manager).toBe('Sample AM');
  });

  it('answers a link without rendering the page', async () => {
    const { d } = deps();
    expect(await createFactsheet(d, request({ deliver: 'link' }), new CountingBilling())).toMatchObject({
      outcome: 'created',
      document: null,
    });
  });

  it('prints a PDF through the printer and delivers its bytes', async () => {
    const billing = new CountingBilling();
    const { d, prints } = deps();
    const outcome = await createFactsheet(d, request({ format: 'pdf' }), billing);
    expect(outcome.outcome === 'created' && outcome.document).toEqual({ type: 'pdf', pdf: Buffer.from('%PDF-1.7') });
    expect(prints).toHaveLength(1);
    expect(billing.refunds).toBe(0);
  });

  it('keeps the HTML sheet and refunds when the PDF cannot be printed', async () => {
    const billing = new CountingBilling();
    const { d, sheets } = deps({ printer: 'down' });
    expect(await createFactsheet(d, request({ format: 'pdf' }), billing)).toMatchObject({
      outcome: 'pdf_unavailable',
      sheet: { isin: ISIN },
    });
    expect(sheets.sheets.size).toBe(1);
    expect([billing.charges, billing.refunds]).toEqual([1, 1]);
  });

  it('saves nothing and refunds when the fund has no data', async () => {
    const billing = new CountingBilling();
    const { d, sheets } = deps({ stored: false });
    expect(await createFactsheet(d, request(), billing)).toMatchObject({
      outcome: 'not_found',
      skeleton: expect.any(Object) as unknown,
    });
    expect(sheets.sheets.size).toBe(0);
    expect([billing.charges, billing.refunds]).toEqual([1, 1]);
  });

  it('refunds and rethrows when something fails on our side', async () => {
    const billing = new CountingBilling();
    const { d } = deps();
    d.sheets.create = () => Promise.reject(new Error('database gone'));
    await expect(createFactsheet(d, request(), billing)).rejects.toThrow('database gone');
    expect(billing.refunds).toBe(1);
  });
});

describe('documentOf', () => {
  it('serves a PDF printed with the current template without printing again', async () => {
    const { d, sheets, prints } = deps();
    await createFactsheet(d, request({ format: 'pdf' }), new CountingBilling());
    const [saved] = sheets.sheets.values();
    expect(await documentOf(d, saved, 'pdf')).toEqual({ type: 'pdf', pdf: Buffer.from('%PDF-1.7') });
    expect(prints).toHaveLength(1);
  });

  it('renders the embed variant from the snapshot', async () => {
    const { d, sheets } = deps();
    await createFactsheet(d, request({ deliver: 'link' }), new CountingBilling());
    const [saved] = sheets.sheets.values();
    const document = await documentOf(d, saved, 'html', 'embed');
    expect(document?.type === 'html' && document.html.toString('utf8')).toContain(' embed en ');
  });

  it('renders each page of a sheet once, and each variant apart', async () => {
    const { d, sheets, renders } = deps();
    await createFactsheet(d, request({ deliver: 'link' }), new CountingBilling());
    const [saved] = sheets.sheets.values();
    const first = await documentOf(d, saved, 'html');
    expect(await documentOf(d, saved, 'html')).toEqual(first);
    await documentOf(d, saved, 'html', 'embed');
    await documentOf(d, saved, 'html', 'embed');
    expect(renders).toEqual(['page', 'embed']);
    expect([...sheets.pages.keys()]).toEqual([`${saved.record.id}/page`, `${saved.record.id}/embed`]);
  });

  it('renders a stored page again under a new page template or a new public base URL, and only then', async () => {
    const { d, sheets, renders } = deps();
    await createFactsheet(d, request({ deliver: 'link' }), new CountingBilling());
    const [saved] = sheets.sheets.values();
    await documentOf(d, saved, 'html');
    const redesigned = { ...d, renderer: { ...d.renderer, template: 't2' } };
    await documentOf(redesigned, saved, 'html');
    await documentOf(redesigned, saved, 'html');
    expect(renders).toEqual(['page', 'page']);
    const moved: FactsheetDeps = {
      ...redesigned,
      shareUrl: (token, kind) => `https://funds.example/shared/${token}/${kind}`,
    };
    const page = await documentOf(moved, saved, 'html');
    expect(renders).toEqual(['page', 'page', 'page']);
    expect(page?.type === 'html' && page.html.toString()).toContain('https://funds.example/shared/');
  });
});

describe('linksOf', () => {
  it('builds the keyless links and an iframe whose attributes are escaped', async () => {
    const { d, sheets } = deps();
    await createFactsheet(d, request({ deliver: 'link' }), new CountingBilling());
    const [saved] = sheets.sheets.values();
    const links = linksOf(d, saved.record);
    expect(links.embed).toBe(`https://api.example/shared/${'T'.repeat(43)}/embed`);
    expect(links.iframe).toContain('title="Factsheet: Sample &lt;Fund&gt; (ZZSMPL000014)"');
    expect(links.iframe).toMatch(/^<iframe src="https:\/\/api\.example\/shared\/T{43}\/embed" [^<]*><\/iframe>$/);
  });
});
