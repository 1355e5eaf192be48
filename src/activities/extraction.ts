import { ApplicationFailure } from '@temporalio/activity';

import type { DocumentsRepository } from '../db/repositories/documents';
import type { ExtractedDocument } from '../domain/documents';
import { type DocumentRef, UnreadableDocumentError } from '../domain/documents';
import { FAILURE_TYPES } from '../domain/failures';
import type { RobotsTxtCache } from '../outbound/robots';
import {
  type AddressPolicy,
  BadUrlError,
  BlockedAddressError,
  HttpStatusError,
  safeFetch,
  TooLargeError,
} from '../outbound/safeFetch';
import { serviceUserAgent } from '../outbound/userAgent';
import { assertLooksLikePdf, extractPdfText } from '../parsing/pdf/text';
import { type ExtractKind, MAX_EXTRACT_BYTES } from '../schema/extract';
import { type DocumentParser, extractDocumentData } from '../sources/extract';

const FETCH_TIMEOUT_MS = 30_000;

export interface ExtractionDeps {
  documents: DocumentsRepository;
  robots: RobotsTxtCache;
  /** Tests only: lets a local test server through the address policy. */
  isAllowedAddress?: AddressPolicy;
  /** Tests only: parses documents elsewhere than in the shared parse pool (e.g. one with a tiny time limit). */
  parse?: DocumentParser;
}

/** Turns a document problem into a failure Temporal will not retry. */
function permanent(type: string, message: string): ApplicationFailure {
  return ApplicationFailure.nonRetryable(message, type);
}

/** Validates what a URL returned before anything is stored: a PDF with a text layer, or plain text. */
async function validated(body: Buffer, contentType: string | null, url: string): Promise<{ mediaType: string }> {
  if (body.subarray(0, 1024).includes('%PDF-') || contentType?.startsWith('application/pdf')) {
    assertLooksLikePdf(body, url);
    await extractPdfText(body, { origin: url, layout: false });
    return { mediaType: 'application/pdf' };
  }
  if (contentType?.startsWith('text/plain') && body.length > 0) return { mediaType: 'text/plain' };
  throw new UnreadableDocumentError(url, `not a PDF (Content-Type ${contentType ?? 'missing'})`);
}

export function createExtractionActivities(deps: ExtractionDeps) {
  return {
    /**
     * Fetches a user-supplied URL: robots.txt honoured, private addresses refused (also after redirects), size and time
     * capped.
     */
    async fetchUrlDocument(url: string, kind: ExtractKind): Promise<DocumentRef> {
      const verdict = await deps.robots.check(url, serviceUserAgent()).catch((err) => {
        if (err instanceof BadUrlError || err instanceof BlockedAddressError)
          throw permanent(FAILURE_TYPES.urlRefused, err.message);
        throw err;
      });
      if (!verdict.allowed) {
        if (verdict.basis === 'unreachable')
          throw new Error(`robots.txt of ${new URL(url).origin} could not be read: ${verdict.reason}`);
        throw permanent(
          verdict.basis === 'unreadable' ? FAILURE_TYPES.urlRefused : FAILURE_TYPES.robots,
          `${url}: ${verdict.reason}`,
        );
      }
      let fetched;
      try {
        fetched = await safeFetch(url, {
          maxBytes: MAX_EXTRACT_BYTES,
          timeoutMs: FETCH_TIMEOUT_MS,
          userAgent: serviceUserAgent(),
          isAllowedAddress: deps.isAllowedAddress,
        });
      } catch (err) {
        if (err instanceof BadUrlError || err instanceof BlockedAddressError)
          throw permanent(FAILURE_TYPES.urlRefused, err.message);
        if (err instanceof TooLargeError)
          throw permanent(
            FAILURE_TYPES.tooLarge,
            `${url}: the document is larger than ${MAX_EXTRACT_BYTES / 1024 / 1024} MB`,
          );
        if (err instanceof HttpStatusError && (err.status === 404 || err.status === 410))
          throw permanent(FAILURE_TYPES.notFound, `${url} answered ${err.status}`);
        throw err; // network trouble, 5xx, timeouts: retried, then an upstream error
      }
      try {
        const { mediaType } = await validated(fetched.body, fetched.contentType, fetched.finalUrl);
        return deps.documents.store({
          kind,
          mediaType,
          origin: fetched.finalUrl,
          retrievedAt: new Date().toISOString(),
          content: fetched.body,
        });
      } catch (err) {
        if (err instanceof UnreadableDocumentError) throw permanent(FAILURE_TYPES.unreadable, err.message);
        throw err;
      }
    },

    /**
     * Reads one stored document into FundData (what it states, with provenance), in the parse pool within its time
     * limit.
     */
    async extractStoredDocument(ref: DocumentRef, isinHint: string | null): Promise<ExtractedDocument> {
      const content = await deps.documents.content(ref.sha256);
      if (!content) throw permanent(FAILURE_TYPES.unreadable, `document ${ref.sha256} is not stored`);
      try {
        return await extractDocumentData({ ref, content }, isinHint, { parse: deps.parse });
      } catch (err) {
        if (err instanceof UnreadableDocumentError) throw permanent(FAILURE_TYPES.unreadable, err.message);
        throw err;
      }
    },
  };
}
