import { createHash } from 'node:crypto';

import { EPT_ROW, table } from '../../test/fixtures/findatexRows';
import { type DocumentKind, UnreadableDocumentError } from '../domain/documents';
import { parseFactsheet } from '../parsing/factsheet';
import { parseDocument } from '../parsing/pool/document';
import { FundData } from '../schema/fund';
import { isinCheckDigit } from '../schema/isin';
import { extractFundData, type LoadedDocument } from './extract';

const ISIN = `ZZ000000002${isinCheckDigit('ZZ000000002')}`;
const EPT = { ...EPT_ROW, '00030_Portfolio_Identifying_Data': ISIN };

function loaded(kind: DocumentKind, name: string, content: Buffer): LoadedDocument {
  const sha256 = createHash('sha256').update(content).digest('hex');
  const origin = `library:${ISIN}/${name}`;
  return {
    ref: { sha256, kind, mediaType: 'text/csv', origin, retrievedAt: '2026-11-01T00:00:00Z', size: content.length },
    content,
  };
}

const ept = loaded('ept', 'ept.csv', table([EPT]));
/** A holdings file whose layout no reader knows: the parser refuses it. */
const strangeHoldings = loaded('holdings', 'holdings.csv', Buffer.from('Fondsposition per\n;;\nnothing;to;read\n'));
/** A NAV file whose parse fails the way a crashed or timed-out parse-pool thread does. */
const crashingNav = loaded('nav', 'nav.csv', Buffer.from('date,nav\n2026-01-02,100\n'));

/** The in-thread parser, except for the NAV file above, whose parse throws an error that is not the document's. */
async function parse(doc: LoadedDocument) {
  if (doc.ref.sha256 === crashingNav.ref.sha256) throw new TypeError('the parser broke on this file');
  return parseDocument(doc);
}

describe('extractFundData: one document never takes a fund down', () => {
  it('builds the fund from the documents it can read and names each one it left out, with why', async () => {
    const x = await extractFundData(ISIN, [strangeHoldings, ept, crashingNav], { parse });
    expect(x.found).toBe(true);
    expect(x.data.riskRating).toBe(Number(EPT['01090_SRI']));
    expect(x.data.sources[`skipped.${strangeHoldings.ref.sha256}`]).toMatchObject({
      document: strangeHoldings.ref.sha256,
      kind: 'holdings',
      origin: strangeHoldings.ref.origin,
      skipped: expect.stringMatching(/\S/) as unknown,
    });
    expect(x.data.sources[`skipped.${crashingNav.ref.sha256}`]).toMatchObject({
      kind: 'nav',
      skipped: 'could not be read (TypeError: the parser broke on this file)',
    });
    expect(x.nav).toBeNull();
    // The payload with its skipped entries is still a FundData the contract describes.
    expect(FundData.safeParse(x.data).success).toBe(true);
  });

  it('keeps the reason a person reads short', async () => {
    const long = 'x'.repeat(10_000);
    const failing = async (doc: LoadedDocument) => {
      if (doc.ref.kind === 'holdings') throw new UnreadableDocumentError(doc.ref.origin, long);
      return parseDocument(doc);
    };
    const x = await extractFundData(ISIN, [strangeHoldings, ept], { parse: failing });
    expect(x.data.sources[`skipped.${strangeHoldings.ref.sha256}`].skipped).toHaveLength(300);
  });

  it('does not count a skipped document as something found', async () => {
    const unreadable = async (doc: LoadedDocument) => {
      if (doc.ref.kind === 'holdings') throw new UnreadableDocumentError(doc.ref.origin, 'no holdings table');
      return parseDocument(doc);
    };
    const emptyEpt = loaded(
      'ept',
      'other.csv',
      table([{ ...EPT, '00030_Portfolio_Identifying_Data': 'XS0000000009' }]),
    );
    const x = await extractFundData(ISIN, [strangeHoldings, emptyEpt], { parse: unreadable });
    expect(x.found).toBe(false);
  });

  it('fails only when no document of the fund can be read, with the error of the first in authority order', async () => {
    const err = await extractFundData(ISIN, [crashingNav, strangeHoldings], { parse }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnreadableDocumentError); // holdings come before NAV histories
  });

  it('reads every document as before when all can be read', async () => {
    const x = await extractFundData(ISIN, [ept], { parse });
    expect(Object.keys(x.data.sources).filter((key) => key.startsWith('skipped.'))).toEqual([]);
  });
});

describe('extractFundData: documents that disagree', () => {
  const otherEpt = (row: Record<string, unknown>, name: string) => loaded('ept', name, table([{ ...EPT, ...row }]));

  it('quotes the first document in authority order and lists the others that state another value', async () => {
    const later = otherEpt(
      {
        '01090_SRI': 5,
        '03060_Ongoing_Costs_Management_Fees_And_Other_Administrative_Or_Operating_Costs': 0.003,
        '00080_Portfolio_Issuer_Name': 'Another Asset Management S.A.',
      },
      'later.csv',
    );
    const x = await extractFundData(ISIN, [ept, later], { parse });
    expect(x.data.riskRating).toBe(2);
    expect(x.data.sources.riskRating.document).toBe(ept.ref.sha256);
    expect(x.data.sources.riskRating.conflicts).toEqual([
      { document: later.ref.sha256, kind: 'ept', value: 5, asOf: x.data.sources.riskRating.asOf },
    ]);
    expect(x.data.costs.ongoing).toBe('0.25%');
    expect(x.data.sources['costs.ongoing'].conflicts).toEqual([
      expect.objectContaining({ document: later.ref.sha256, value: '0.30%' }),
    ]);
    expect(FundData.safeParse(x.data).success).toBe(true);
  });

  it('lists nothing when the documents agree, however each one prints the value', async () => {
    const same = otherEpt({ '01090_SRI': '2' }, 'same.csv');
    const x = await extractFundData(ISIN, [ept, same], { parse });
    expect(x.data.sources.riskRating.conflicts).toBeUndefined();
    expect(Object.values(x.data.sources).some((s) => s.conflicts)).toBe(false);
  });
});

describe('extractFundData: a factsheet that gives each plan its own TER', () => {
  const sheet = loaded('factsheet', 'factsheet.pdf', Buffer.from('factsheet of two plans'));
  const withPlans = (name: string, classes: Array<{ label: string; isin: string | null; ter: string }>) => {
    const fields = { ...parseFactsheet({ pages: [], chars: 0 }), name, ter: classes[0].ter, terByClass: classes };
    return async (doc: LoadedDocument) =>
      doc === sheet
        ? { kind: 'factsheet' as const, text: { pages: 1, chars: 22 }, sheet: fields, facts: {} }
        : parseDocument(doc);
  };

  it('quotes the TER of the share class asked for by its ISIN, the others in provenance', async () => {
    const parse = withPlans('Sample Flexicap Fund', [
      { label: 'Regular Plan', isin: null, ter: '1.62%' },
      { label: 'Direct Plan', isin: ISIN, ter: '0.85%' },
    ]);
    const x = await extractFundData(ISIN, [sheet], { parse });
    expect(x.data.headlineMetrics.ter).toBe('0.85%');
    expect(x.data.sources['headlineMetrics.ter'].otherShareClasses).toEqual([
      { label: 'Regular Plan', isin: null, value: '1.62%' },
    ]);
  });

  it("takes the plan the fund's name names, else the headline TER with every other plan listed", async () => {
    const plans = [
      { label: 'Regular Plan', isin: null, ter: '1.62%' },
      { label: 'Direct Plan', isin: null, ter: '0.85%' },
    ];
    const direct = await extractFundData(ISIN, [sheet], {
      parse: withPlans('Sample Fund - Direct Plan - Growth', plans),
    });
    expect(direct.data.headlineMetrics.ter).toBe('0.85%');
    const unnamed = await extractFundData(ISIN, [sheet], { parse: withPlans('Sample Fund', plans) });
    expect(unnamed.data.headlineMetrics.ter).toBe('1.62%');
    expect(unnamed.data.sources['headlineMetrics.ter'].otherShareClasses).toEqual([
      { label: 'Direct Plan', isin: null, value: '0.85%' },
    ]);
    expect(FundData.safeParse(unnamed.data).success).toBe(true);
  });
});

describe('extractFundData: the full holdings', () => {
  it('keeps every line of the first holdings document that can be read, and names that document', async () => {
    const first = loaded('holdings', 'holdings.csv', Buffer.from('Name,Weight (%)\nAlpha,60\nBeta,40\n'));
    const second = loaded('holdings', 'other.csv', Buffer.from('Name,Weight (%)\nGamma,100\n'));
    const x = await extractFundData(ISIN, [strangeHoldings, first, second], { parse });
    expect(x.holdings?.holdings.map((h) => [h.name, h.weight])).toEqual([
      ['Alpha', 60],
      ['Beta', 40],
    ]);
    expect(x.holdingsDocument).toBe(first.ref.sha256);
    expect((await extractFundData(ISIN, [ept], { parse })).holdingsDocument).toBeNull();
  });
});
