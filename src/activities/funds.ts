import { ApplicationFailure, Context } from '@temporalio/activity';
import type { DocumentsRepository } from '../db/repositories/documents';
import type { FundsRepository } from '../db/repositories/funds';
import type { NavSeriesRepository } from '../db/repositories/navSeries';
import { extractFund, type LoadedDocument } from '../sources/extract';
import { type DocumentRef, type SourceConnector, UnreadableDocumentError } from '../sources/types';

export interface FundActivityDeps {
  connectors: SourceConnector[];
  documents: DocumentsRepository;
  funds: FundsRepository;
  navSeries: NavSeriesRepository;
  fundTtlMs: number;
}

export interface BuildResult {
  found: boolean;
  name: string | null;
  generatedAt: string | null;
}

/** Activities of a fund load, built over injected clients (wired in the worker's entry point). */
export function createFundActivities(deps: FundActivityDeps) {
  return {
    /** True when a payload at least as new as `since` is already stored: a concurrent load did the work. */
    async hasFreshFund(isin: string, since: string): Promise<boolean> {
      return deps.funds.hasPayloadSince(isin, new Date(since));
    },

    /** Reads every source for the ISIN, stores each document once by content hash, returns references. */
    async fetchDocuments(isin: string): Promise<DocumentRef[]> {
      const info = Context.current().info;
      const refs: DocumentRef[] = [];
      for (const connector of deps.connectors) {
        const docs = await connector.fetch(isin);
        await deps.documents.recordRead({ isin, source: connector.name, documents: docs.length, workflowId: info.workflowExecution?.workflowId ?? null, runId: info.workflowExecution?.runId ?? null });
        for (const doc of docs) refs.push(await deps.documents.store(doc));
      }
      return refs;
    },

    /** Parses the documents, writes the NAV series to ClickHouse and the payload to Postgres. */
    async buildAndSaveFund(isin: string, refs: DocumentRef[]): Promise<BuildResult> {
      const loaded: LoadedDocument[] = [];
      for (const ref of refs) {
        const content = await deps.documents.content(ref.sha256);
        if (!content) throw new Error(`document ${ref.sha256} vanished from the store`);
        loaded.push({ ref, content });
      }
      let extraction;
      try {
        extraction = extractFund(isin, loaded);
      } catch (err) {
        if (err instanceof UnreadableDocumentError) throw ApplicationFailure.nonRetryable(err.message, 'UnreadableDocument');
        throw err;
      }
      if (!extraction.found) return { found: false, name: null, generatedAt: null };
      const generatedAt = new Date();
      if (extraction.nav) {
        await deps.navSeries.write(isin, 'fund', extraction.nav.fund, generatedAt);
        await deps.navSeries.write(isin, 'benchmark', extraction.nav.benchmark, generatedAt);
      }
      const data = { ...extraction.data, generatedAt: generatedAt.toISOString() };
      await deps.funds.upsert(isin, extraction.name, data, generatedAt, new Date(generatedAt.getTime() + deps.fundTtlMs));
      return { found: true, name: extraction.name, generatedAt: data.generatedAt };
    },
  };
}

export type FundActivities = ReturnType<typeof createFundActivities>;
