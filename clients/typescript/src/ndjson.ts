import { ExportCutShortError } from './errors';

/**
 * The JSON values of an NDJSON body, one per line, as the body arrives. Every line ends with a line feed: a body
 * that stops inside a line, or a line that is not JSON, is an export cut short (ExportCutShortError). The reader is
 * released (and the connection closed) when the caller stops early.
 */
export async function* ndjsonValues<T>(body: ReadableStream<Uint8Array>): AsyncGenerator<T, void, undefined> {
  const reader = body.getReader();
  // fatal: a multi-byte character split across chunks is kept for the next one; one cut at the end throws.
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (chunk?: Uint8Array): string =>
    chunk === undefined ? decoder.decode() : decoder.decode(chunk, { stream: true });
  let partialLine = '';
  let linesRead = 0;
  try {
    for (;;) {
      const chunk = await nextChunk(reader, linesRead);
      if (chunk === null) break;
      const text = cutShortOn(() => decode(chunk), linesRead, 'its bytes are not UTF-8');
      const lastFeed = text.lastIndexOf('\n');
      if (lastFeed === -1) {
        partialLine += text;
        continue;
      }
      const completeLines = (partialLine + text.slice(0, lastFeed)).split('\n');
      partialLine = text.slice(lastFeed + 1);
      for (const line of completeLines) {
        if (line.trim() === '') continue;
        yield cutShortOn(() => JSON.parse(line) as T, linesRead, `line ${linesRead + 1} is not JSON`);
        linesRead += 1;
      }
    }
    partialLine += cutShortOn(() => decode(), linesRead, 'its bytes are not UTF-8');
    if (partialLine.trim() !== '') throw new ExportCutShortError(linesRead, 'its last line has no line feed');
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

async function nextChunk(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  linesRead: number,
): Promise<Uint8Array | null> {
  try {
    const { done, value } = await reader.read();
    return done ? null : value;
  } catch (error) {
    throw new ExportCutShortError(linesRead, 'the connection failed', { cause: error });
  }
}

/** The value of `read`, or the export cut short (with the detail) when it throws. */
function cutShortOn<T>(read: () => T, linesRead: number, detail: string): T {
  try {
    return read();
  } catch (error) {
    throw new ExportCutShortError(linesRead, detail, { cause: error });
  }
}
