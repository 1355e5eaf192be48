import { ApplicationFailure, Context } from '@temporalio/activity';

import type { DocumentsRepository } from '../db/repositories/documents';
import type { FundsRepository } from '../db/repositories/funds';
import type { HoldingsRepository } from '../db/repositories/holdings';
import type { NavSeriesRepository } from '../db/repositories/navSeries';
import { analyseNavSeries, type FundAnalytics } from '../domain/analytics';
import {
  type DocumentRef,
  type SourceConnector,
  type SourceDocument,
  UnreadableDocumentError,
} from '../domain/documents';
import { FAILURE_TYPES } from '../domain/failures';
import { fundSummary } from '../domain/fundSummary';
import type { HoldingsStamp } from '../domain/holdings';
import type { FieldSource, FundData } from '../schema/fund';
import { type DocumentParser, extractFundData } from '../sources/extract';
import { type IssuerRecipesConnector, IssuersUnavailableError } from '../sources/issuers/connector';
import { retryLaterOnUnavailable } from './sourceFailures';
import { loadStoredDocuments } from './storedDocuments';

export interface FundActivityDeps {
  connectors: SourceConnector[];
  /** The managers' own servers, asked for what the connectors did not have (ISSUERS). */
  issuers?: IssuerRecipesConnector | null;
  documents: DocumentsRepository;
  funds: FundsRepository;
  navSeries: NavSeriesRepository;
  holdings: HoldingsRepository;
  fundTtlMs: number;
  /** How long a not_found outcome is remembered. */
  notFoundTtlMs: number;
  /** Tests only: parses documents elsewhere than in the shared parse pool. */
  parse?: DocumentParser;
}

export type ExtractedFund =
  | { found: false }
  | {
      found: true;
      name: string | null;
      data: FundData;
      navSource: FieldSource | null;
      inception: string | null;
      hasNav: boolean;
      /** The full holdings written to ClickHouse by this load, null when no document discloses them. */
      holdings: HoldingsStamp | null;
    };

/** A document that cannot be read fails the load at once: retrying will not make it readable. */
function permanentOnUnreadable<T>(work: () => Promise<T>): Promise<T> {
  return work().catch((err) => {
    if (err instanceof UnreadableDocumentError)
      throw ApplicationFailure.nonRetryable(err.message, FAILURE_TYPES.unreadable);
    throw err;
  });
}

/** The FinDatEx rows' text a recipe's manager names are looked for in (the row's manufacturer). */
const FINDATEX_HINT_BYTES = 64 * 1024;

/**
 * The managers' documents for what the local sources lacked; null when none could be asked but the local sources
 * found something (the fund is served from those; the managers are asked again at its next refresh).
 */
async function askIssuers(
  issuers: IssuerRecipesConnector,
  isin: string,
  local: SourceDocument[],
  log: { warn(message: string, meta?: Record<string, unknown>): void },
): Promise<SourceDocument[] | null> {
  const findatexText = local
    .filter((doc) => doc.kind === 'ept' || doc.kind === 'emt')
    .map((doc) => doc.content.subarray(0, FINDATEX_HINT_BYTES).toString('utf8'))
    .join('\n');
  try {
    return await issuers.fetch(isin, { kinds: new Set(local.map((doc) => doc.kind)), findatexText });
  } catch (err) {
    if (!(err instanceof IssuersUnavailableError) || local.length === 0) throw err;
    log.warn('managers could not be asked; the fund is loaded from the local sources', { isin, error: err.message });
    return null;
  }
}

/** Activities of a fund load, built over injected clients (wired in the worker's entry point). */
export function createFundActivities(deps: FundActivityDeps) {
  const loadDocuments = (refs: DocumentRef[]) => loadStoredDocuments(deps.documents, refs);

  return {
    /** True when a payload at least as new as `since` is already stored: a concurrent load did the work. */
    async hasFreshFund(isin: string, since: string): Promise<boolean> {
      return deps.funds.hasPayloadSince(isin, new Date(since));
    },

    /**
     * Reads every source for the ISIN, stores each document once by content hash, returns references
     * (in the order of the sources, then of their documents). The local sources are read at the same time; the
     * managers' servers (issuer recipes) after them, for the kinds of document they lacked.
     */
    async fetchDocuments(isin: string): Promise<DocumentRef[]> {
      const { info, log } = Context.current();
      const execution = info.workflowExecution;
      const recordRead = (source: string, documents: number) =>
        deps.documents.recordRead({
          isin,
          source,
          documents,
          workflowId: execution?.workflowId ?? null,
          runId: execution?.runId ?? null,
        });
      // Sources make one attempt per request; this activity's retry policy is the only retry (a
      // transient failure fails it retryably, waiting as long as the source's server asked).
      return permanentOnUnreadable(async () => {
        const local = await Promise.all(
          deps.connectors.map(async (connector) => {
            const docs = await connector.fetch(isin);
            await recordRead(connector.name, docs.length);
            return docs;
          }),
        );
        const found = local.flat();
        const fromIssuers = deps.issuers ? await askIssuers(deps.issuers, isin, found, log) : [];
        if (deps.issuers && fromIssuers) await recordRead(deps.issuers.name, fromIssuers.length);
        const refs = await Promise.all([...found, ...(fromIssuers ?? [])].map((doc) => deps.documents.store(doc)));
        // The same bytes from two sources (a library folder and the inbox) are one document.
        const first = new Map<string, DocumentRef>();
        for (const ref of refs) if (!first.has(ref.sha256)) first.set(ref.sha256, ref);
        return [...first.values()];
      }).catch((err: unknown) => {
        throw retryLaterOnUnavailable(err, info);
      });
    },

    /**
     * Parses the documents into partial FundData with provenance; the NAV series and the full holdings go to
     * ClickHouse. Each
     * document is parsed in the parse pool within its time limit; one that overruns it fails the load for good.
     */
    async extractFund(isin: string, refs: DocumentRef[]): Promise<ExtractedFund> {
      const extraction = await permanentOnUnreadable(async () =>
        extractFundData(isin, await loadDocuments(refs), { parse: deps.parse }),
      );
      if (!extraction.found) return { found: false };
      const loadedAt = new Date();
      // The series and the holdings are written together (three inserts); a retry writes them again under a new stamp.
      const { nav, holdings: snapshot } = extraction;
      const [written] = await Promise.all([
        snapshot?.holdings.length ? deps.holdings.write(isin, snapshot, loadedAt) : null,
        nav && deps.navSeries.write(isin, 'fund', nav.fund, loadedAt),
        nav && deps.navSeries.write(isin, 'benchmark', nav.benchmark, loadedAt),
      ]);
      return {
        found: true,
        name: extraction.name,
        data: extraction.data,
        navSource: extraction.navSource,
        inception: extraction.data.keyFacts.inception || null,
        hasNav: extraction.nav !== null,
        holdings:
          written && extraction.holdingsDocument ? { ...written, document: extraction.holdingsDocument } : written,
      };
    },

    /** Performance and risk figures from the stored series (ClickHouse). */
    async computeAnalytics(isin: string, inception: string | null): Promise<FundAnalytics | null> {
      const [fund, benchmark] = await Promise.all([
        deps.navSeries.read(isin, 'fund'),
        deps.navSeries.read(isin, 'benchmark'),
      ]);
      if (fund.length === 0) return null;
      return analyseNavSeries({ fund, benchmark, inception });
    },

    /** Stores the payload (replacing the previous one) with its summary and returns its timestamps. */
    async saveFund(
      isin: string,
      name: string | null,
      data: FundData,
      holdings: HoldingsStamp | null = null,
    ): Promise<{ generatedAt: string }> {
      const generatedAt = new Date();
      const payload = { ...data, generatedAt: generatedAt.toISOString() };
      await deps.funds.save(
        isin,
        name,
        payload,
        generatedAt,
        new Date(generatedAt.getTime() + deps.fundTtlMs),
        fundSummary(payload, holdings),
      );
      return { generatedAt: payload.generatedAt };
    },

    /**
     * One page of the stored universe due for a refresh: payloads older than the freshness window, in
     * ISIN order after `after`; `freshSince` is that window's start (a load finding a newer payload stops).
     */
    async staleFunds(after: string | null, limit: number): Promise<{ isins: string[]; freshSince: string }> {
      const cutoff = new Date(Date.now() - deps.fundTtlMs);
      return { isins: await deps.funds.staleAfter(after, cutoff, limit), freshSince: cutoff.toISOString() };
    },

    /** Remembers that no source has data for the ISIN, so that repeated requests do not start a load each time. */
    async recordMiss(isin: string): Promise<void> {
      const now = new Date();
      if (deps.notFoundTtlMs > 0) await deps.funds.recordMiss(isin, now, new Date(now.getTime() + deps.notFoundTtlMs));
    },
  };
}
