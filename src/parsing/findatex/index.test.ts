import { EMT_ROW, EPT_ROW, table, TPT_POSITIONS, tptRow } from '../../../test/fixtures/findatexRows';
import { UnreadableDocumentError } from '../../domain/documents';
import { findatexKind, parseFindatex, readFindatexCsv } from './index';

describe('kind detection', () => {
  it('tells EPT, EMT and TPT apart', async () => {
    expect(findatexKind(readFindatexCsv(table([EPT_ROW]), 'o'))).toBe('ept');
    expect(findatexKind(readFindatexCsv(table([EMT_ROW]), 'o'))).toBe('emt');
    expect(findatexKind(readFindatexCsv(table([tptRow(TPT_POSITIONS[0])]), 'o'))).toBe('tpt');
    expect((await parseFindatex(table([EPT_ROW]), 'text/csv', 'o')).kind).toBe('ept');
    expect((await parseFindatex(table([EMT_ROW]), 'text/csv', 'o')).kind).toBe('emt');
    expect((await parseFindatex(table([tptRow(TPT_POSITIONS[0])]), 'text/csv', 'o')).kind).toBe('tpt');
  });

  it('rejects a coded file of no known template', async () => {
    await expect(parseFindatex(table([{ '1_a': 1, '2_b': 2, '3_c': 3 }]), 'text/csv', 'o')).rejects.toThrow(
      UnreadableDocumentError,
    );
  });
});
