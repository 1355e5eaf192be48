import { ApplicationFailure } from '@temporalio/activity';

import type { FactsheetPageOptions } from '../domain/factsheet';
import { SHEET_GONE } from '../domain/failures';
import { emptyFundData } from '../domain/fundSkeleton';
import type { SavedFactsheet } from '../usecases/ports/factsheets';
import { createFactsheetActivities, type FactsheetActivityDeps } from './factsheets';

const ID = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';
const saved: SavedFactsheet = {
  record: {
    id: ID,
    isin: 'ZZSMPL000014',
    name: 'Sample',
    issuer: '',
    language: 'fr',
    format: 'pdf',
    favorite: false,
    createdAt: new Date('2026-11-23T12:00:00Z'),
    fundGeneratedAt: new Date('2026-11-23T10:00:00Z'),
    dataAsOf: null,
    shareToken: 'T'.repeat(43),
  },
  snapshot: { isin: 'ZZSMPL000014', name: 'Sample', generatedAt: '2026-11-23T10:00:00.000Z', data: emptyFundData() },
};

function setUp(options: { sheet?: SavedFactsheet | null; kept?: Buffer | null; deletedWhilePrinting?: boolean } = {}) {
  const stored = new Map<string, Buffer>();
  const pages: FactsheetPageOptions[] = [];
  const prints: string[] = [];
  const deps: FactsheetActivityDeps = {
    sheets: {
      forPrinting: () => Promise.resolve(options.sheet === undefined ? saved : options.sheet),
      pdf: () => Promise.resolve(options.kept ?? null),
      savePdf: (id, template, pdf) => {
        if (options.deletedWhilePrinting) return Promise.resolve(false);
        stored.set(`${id}/${template}`, pdf);
        return Promise.resolve(true);
      },
    },
    page: { html: (_s, o) => (pages.push(o), '<html>page</html>'), template: 'tpl-2', styleHash: 'sha256-x' },
    printer: {
      print: (html) => {
        prints.push(html);
        return Promise.resolve(Buffer.from('%PDF-1.7 printed'));
      },
    },
  };
  return { activities: createFactsheetActivities(deps), stored, pages, prints };
}

describe('printFactsheet', () => {
  it('prints the print variant of the page in the sheet language and stores it under the template', async () => {
    const { activities, stored, pages, prints } = setUp();
    expect(await activities.printFactsheet(ID)).toMatchObject({
      bytes: 16,
      kept: false,
      ms: {
        read: expect.any(Number) as number,
        render: expect.any(Number) as number,
        print: expect.any(Number) as number,
        save: expect.any(Number) as number,
      },
    });
    expect(pages).toEqual([{ language: 'fr', variant: 'print', pdfUrl: null, createdAt: '2026-11-23T12:00:00.000Z' }]);
    expect(prints).toEqual(['<html>page</html>']);
    expect(stored.get(`${ID}/tpl-2`)?.toString()).toBe('%PDF-1.7 printed');
  });

  it('keeps a PDF already printed with this template (a retried or repeated run prints nothing)', async () => {
    const { activities, prints } = setUp({ kept: Buffer.from('%PDF kept') });
    expect(await activities.printFactsheet(ID)).toMatchObject({ bytes: 9, kept: true });
    expect(prints).toEqual([]);
  });

  it.each([
    ['deleted before printing', { sheet: null }],
    ['deleted while printing', { deletedWhilePrinting: true }],
  ])('fails without retry when the sheet was %s', async (_case, options) => {
    const err = await setUp(options)
      .activities.printFactsheet(ID)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApplicationFailure);
    expect((err as ApplicationFailure).nonRetryable).toBe(true);
    expect((err as ApplicationFailure).type).toBe(SHEET_GONE);
  });
});
