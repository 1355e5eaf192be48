import type { Pool } from 'pg';

import type { IssuerCopy, IssuerMemory, RecipeHealth } from '../../usecases/ports/issuers';
import { DocumentsRepository } from './documents';

/** A recipe as /health lists it, without its state. */
export interface RecipeListing {
  name: string;
  manager: string;
  kind: string;
  confirmed: string;
  hosts: string[];
}

interface CopyRow {
  isin: string;
  recipe: string;
  url: string;
  etag: string | null;
  last_modified: string | null;
  sha256: string;
  fetched_at: Date;
}

/** The IssuerMemory port over Postgres (tables of migration 1700000000013). */
export class IssuerMemoryRepository implements IssuerMemory {
  private readonly documents: DocumentsRepository;

  constructor(private readonly pool: Pool) {
    this.documents = new DocumentsRepository(pool);
  }

  async copies(isin: string): Promise<IssuerCopy[]> {
    const { rows } = await this.pool.query<CopyRow>(
      'SELECT isin, recipe, url, etag, last_modified, sha256, fetched_at FROM issuer_documents WHERE isin = $1 ORDER BY checked_at DESC',
      [isin],
    );
    return rows.map((row) => ({
      isin: row.isin,
      recipe: row.recipe,
      url: row.url,
      etag: row.etag,
      lastModified: row.last_modified,
      sha256: row.sha256,
      fetchedAt: row.fetched_at.toISOString(),
    }));
  }

  async misses(isin: string, now: Date): Promise<Set<string>> {
    const { rows } = await this.pool.query<{ recipe: string }>(
      'SELECT recipe FROM issuer_misses WHERE isin = $1 AND expires_at > $2',
      [isin, now],
    );
    return new Set(rows.map((row) => row.recipe));
  }

  async recordCopy(copy: IssuerCopy): Promise<void> {
    await this.pool.query(
      `INSERT INTO issuer_documents (isin, recipe, url, etag, last_modified, sha256, fetched_at, checked_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now())
       ON CONFLICT (isin, recipe) DO UPDATE SET url = $3, etag = $4, last_modified = $5, sha256 = $6, fetched_at = $7, checked_at = now()`,
      [copy.isin, copy.recipe, copy.url, copy.etag, copy.lastModified, copy.sha256, copy.fetchedAt],
    );
    await this.pool.query('DELETE FROM issuer_misses WHERE isin = $1 AND recipe = $2', [copy.isin, copy.recipe]);
  }

  async recordMiss(isin: string, recipe: string, reason: string, until: Date): Promise<void> {
    await this.pool.query(
      `INSERT INTO issuer_misses (isin, recipe, reason, expires_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (isin, recipe) DO UPDATE SET reason = $3, expires_at = $4`,
      [isin, recipe, reason.slice(0, 1000), until],
    );
  }

  async recordSuccess(recipe: string, at: Date): Promise<void> {
    await this.pool.query(
      `INSERT INTO issuer_recipe_health (recipe, last_success_at) VALUES ($1, $2)
       ON CONFLICT (recipe) DO UPDATE SET last_success_at = GREATEST(issuer_recipe_health.last_success_at, $2)`,
      [recipe, at],
    );
  }

  async recordFailure(recipe: string, at: Date, reason: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO issuer_recipe_health (recipe, last_failure_at, last_failure) VALUES ($1, $2, $3)
       ON CONFLICT (recipe) DO UPDATE SET last_failure_at = $2, last_failure = $3`,
      [recipe, at, reason.slice(0, 1000)],
    );
  }

  async recordCircuit(host: string, open: boolean, reason: string | null): Promise<void> {
    if (open)
      await this.pool.query(
        `INSERT INTO issuer_host_circuits (host, opened_at, reason) VALUES ($1, now(), $2)
         ON CONFLICT (host) DO UPDATE SET reason = $2`,
        [host, (reason ?? 'failed').slice(0, 1000)],
      );
    else await this.pool.query('DELETE FROM issuer_host_circuits WHERE host = $1', [host]);
  }

  content(sha256: string): Promise<Buffer | null> {
    return this.documents.content(sha256);
  }

  /** The health of each listed recipe: its last success and failure, and whether one of its hosts is not asked. */
  async health(recipes: readonly RecipeListing[]): Promise<RecipeHealth[]> {
    const [health, circuits] = await Promise.all([
      this.pool.query<{
        recipe: string;
        last_success_at: Date | null;
        last_failure_at: Date | null;
        last_failure: string | null;
      }>('SELECT recipe, last_success_at, last_failure_at, last_failure FROM issuer_recipe_health'),
      this.pool.query<{ host: string; opened_at: Date }>('SELECT host, opened_at FROM issuer_host_circuits'),
    ]);
    const byRecipe = new Map(health.rows.map((row) => [row.recipe, row]));
    const openSince = new Map(circuits.rows.map((row) => [row.host, row.opened_at]));
    return recipes.map((recipe) => {
      const row = byRecipe.get(recipe.name);
      const opened = recipe.hosts.flatMap((host) => (openSince.has(host) ? [openSince.get(host)!] : []));
      return {
        recipe: recipe.name,
        manager: recipe.manager,
        kind: recipe.kind,
        confirmed: recipe.confirmed,
        lastSuccessAt: row?.last_success_at?.toISOString() ?? null,
        lastFailureAt: row?.last_failure_at?.toISOString() ?? null,
        lastFailure: row?.last_failure ?? null,
        circuitOpenSince: opened.length > 0 ? new Date(Math.min(...opened.map(Number))).toISOString() : null,
      };
    });
  }
}
