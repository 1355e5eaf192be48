import type { ExportedFund } from '../../../usecases/ports/export';

/**
 * One NDJSON line of GET /export. The stored payload is already JSON text, so it is spliced in as it is
 * (parsing and re-encoding 30 KB per fund would cost more than reading it). Our writers store compact
 * JSON; a payload stored with line breaks (only ever whitespace between tokens, since JSON strings
 * cannot hold a raw one) gets them as spaces, so that it stays one line.
 */
export function exportLine(fund: ExportedFund): Buffer {
  const data =
    fund.payloadJson.includes('\n') || fund.payloadJson.includes('\r')
      ? fund.payloadJson.replace(/[\r\n]/g, ' ')
      : fund.payloadJson;
  return Buffer.from(
    `{"isin":${JSON.stringify(fund.isin)},"name":${JSON.stringify(fund.name)},` +
      `"generatedAt":"${fund.generatedAt.toISOString()}","expiresAt":"${fund.expiresAt.toISOString()}","data":${data}}\n`,
  );
}

/** The funds as NDJSON lines, read one at a time as the response asks for more. */
export async function* exportLines(funds: AsyncIterable<ExportedFund>): AsyncGenerator<Buffer> {
  for await (const fund of funds) yield exportLine(fund);
}
