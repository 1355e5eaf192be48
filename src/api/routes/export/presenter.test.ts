import { Readable } from 'node:stream';

import type { ExportLine } from '../../../schema/export';
import type { ExportedFund } from '../../../usecases/ports/export';
import { exportLine, exportLines } from './presenter';

/** A line as JSON.parse reads it back (the tests' payloads are not all FundData). */
type ParsedLine = Omit<ExportLine, 'data'> & { data: unknown };
const parseLine = (text: string) => JSON.parse(text) as ParsedLine;

const STORED = '{"keyFacts":{"manager":"Société \\"X\\""},"weights":[1.50,2e3],"note":"a\\nb"}';
const fund: ExportedFund = {
  isin: 'ZZSMPL000014',
  name: 'Fonds "Épargne" \u2028 Europe',
  generatedAt: new Date('2026-11-23T10:00:00.123Z'),
  expiresAt: new Date('2026-11-24T10:00:00.123Z'),
  payloadJson: STORED,
};

describe('exportLine', () => {
  it('is one JSON object on one line, ended by a line feed, with the fields in the contract order', () => {
    const text = exportLine(fund).toString('utf8');
    expect(text.endsWith('\n')).toBe(true);
    expect(text.slice(0, -1)).not.toMatch(/[\r\n]/);
    const parsed = parseLine(text);
    expect(Object.keys(parsed)).toEqual(['isin', 'name', 'generatedAt', 'expiresAt', 'data']);
    expect(parsed).toMatchObject({
      isin: 'ZZSMPL000014',
      name: fund.name,
      generatedAt: '2026-11-23T10:00:00.123Z',
      expiresAt: '2026-11-24T10:00:00.123Z',
    });
  });

  it('splices the stored JSON text in byte for byte (no parse, no re-encoding: 1.50 stays 1.50)', () => {
    const text = exportLine(fund).toString('utf8');
    expect(text).toBe(
      '{"isin":"ZZSMPL000014","name":"Fonds \\"Épargne\\" \u2028 Europe","generatedAt":"2026-11-23T10:00:00.123Z",' +
        `"expiresAt":"2026-11-24T10:00:00.123Z","data":${STORED}}\n`,
    );
  });

  it('writes a missing name as null', () => {
    expect(parseLine(exportLine({ ...fund, name: null }).toString()).name).toBeNull();
  });

  it('keeps a payload stored with line breaks on one line, its data unchanged', () => {
    const pretty = JSON.stringify({ a: [1, 2], b: 'x y' }, null, 2).replace(/\n/g, '\r\n');
    const text = exportLine({ ...fund, payloadJson: pretty }).toString();
    expect(text.slice(0, -1)).not.toMatch(/[\r\n]/);
    expect(parseLine(text).data).toEqual({ a: [1, 2], b: 'x y' });
  });
});

describe('exportLines', () => {
  it('gives one line per fund, in order', async () => {
    const funds: AsyncIterable<ExportedFund> = Readable.from([fund, { ...fund, isin: 'ZZSMPL000022' }]);
    const lines: string[] = [];
    for await (const line of exportLines(funds)) lines.push(parseLine(line.toString()).isin);
    expect(lines).toEqual(['ZZSMPL000014', 'ZZSMPL000022']);
  });
});
