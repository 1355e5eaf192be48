import busboy from 'busboy';
import type { Context } from 'koa';

import { excerpt } from '../domain/excerpt';
import { MAX_EXTRACT_BYTES } from '../schema/extract';
import { ApiError, errors } from './errors';

const MAX_FIELD_BYTES = 64 * 1024;

export interface Upload {
  file: { name: string; bytes: Buffer } | null;
  fields: Record<string, string>;
}

/** After an early refusal, what may still be read (and thrown away) so the client can read the answer. */
const DISCARD_BYTES = 4 * 1024 * 1024;
const DISCARD_MS = 5_000;

/**
 * The refusal is sent while the client may still be uploading. Closing at once (or answering with
 * Connection: close) makes many clients fail on their write before they read the answer; reading a
 * little more, discarding it, never buffering, lets them see the error. Past a few MB or a few
 * seconds the connection is dropped.
 */
function discardRest(ctx: Context): void {
  let discarded = 0;
  const stop = () => ctx.req.destroy();
  const timer = setTimeout(stop, DISCARD_MS);
  timer.unref();
  ctx.req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_BYTES) stop();
  });
  ctx.req.once('end', () => clearTimeout(timer));
  ctx.req.resume();
}

const fileTooLarge = (maxBytes: number) =>
  new ApiError(413, 'file_too_large', `The upload is larger than ${maxBytes / 1024 / 1024} MB`);

/**
 * Reads a multipart/form-data body with one `file` part. The file is refused as soon as the
 * stream passes the cap: the rest is never read (the connection is closed after the answer).
 */
export async function readMultipart(ctx: Context, maxBytes = MAX_EXTRACT_BYTES): Promise<Upload> {
  const { files, fields } = await readMultipartFiles(ctx, { maxFiles: 1, maxBytes });
  return { file: files[0] ?? null, fields };
}

/**
 * Reads a multipart/form-data body with up to `maxFiles` parts named `file`; `maxBytes` caps all of them
 * together, refused as soon as the stream passes it.
 */
export function readMultipartFiles(
  ctx: Context,
  { maxFiles, maxBytes }: { maxFiles: number; maxBytes: number },
): Promise<{ files: NonNullable<Upload['file']>[]; fields: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: ctx.req.headers,
        limits: { files: maxFiles, fileSize: maxBytes, fields: 10, fieldSize: MAX_FIELD_BYTES, parts: maxFiles + 11 },
      });
    } catch {
      reject(errors.invalidBody('The multipart body is malformed (missing boundary?)'));
      return;
    }
    const fields: Record<string, string> = {};
    const files: NonNullable<Upload['file']>[] = [];
    let total = 0;
    let failed = false;
    const fail = (err: ApiError) => {
      if (failed) return;
      failed = true;
      ctx.req.unpipe(parser);
      discardRest(ctx);
      reject(err);
    };
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(errors.invalidBody(`Field "${excerpt(name, 40)}" is too long`));
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file') {
        stream.resume();
        return fail(errors.invalidBody(`Unexpected file part "${excerpt(name, 40)}"; send the document as "file"`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        total += chunk.length;
        if (total > maxBytes) return fail(fileTooLarge(maxBytes));
        chunks.push(chunk);
      });
      stream.on('limit', () => fail(fileTooLarge(maxBytes)));
      stream.on('close', () => {
        if (!failed) files.push({ name: info.filename ?? 'upload.pdf', bytes: Buffer.concat(chunks, size) });
      });
    });
    parser.on('filesLimit', () =>
      fail(errors.invalidBody(maxFiles === 1 ? 'Send one file per request' : `Send at most ${maxFiles} files`)),
    );
    parser.on('partsLimit', () => fail(errors.invalidBody('Too many parts in the multipart body')));
    parser.on('error', () => fail(errors.invalidBody('The multipart body is malformed')));
    parser.on('close', () => {
      if (!failed) resolve({ files, fields });
    });
    ctx.req.pipe(parser);
  });
}
