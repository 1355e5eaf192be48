/**
 * Documents from the managers' own servers, through the recipes. Asked after the local sources, for the kinds of
 * document they did not have: the recipes that served the ISIN before first, then those of the manager a FinDatEx row
 * names, then every recipe whose ISIN prefixes fit, the most specific prefix and the fewest steps first, a few at a
 * time, stopping at the first document. Each "no such document" is remembered per (recipe, ISIN) for
 * NOT_FOUND_TTL_HOURS, so a retry or the next load asks only what it has not been told.
 */
import { createHash } from 'node:crypto';

import type { DocumentKind, SourceDocument } from '../../domain/documents';
import type { Logger } from '../../logger';
import { normaliseIsin } from '../../schema/isin';
import type { IssuerCopy, IssuerMemory } from '../../usecases/ports/issuers';
import type { IssuerHttp } from './http';
import { prefixMatchLength, type Recipe, servesIsin } from './recipes';
import { type RecipeOutcome, runRecipe, type StepTrace } from './run';

/** Recipes asked at the same time for one ISIN and kind. */
const PARALLEL_RECIPES = 3;

/** A KID and a KIID say the same things: a fund with one does not need the other. */
const KEY_DOCUMENTS: readonly DocumentKind[] = ['kid', 'kiid'];

/** What the local sources already gave for the ISIN. */
export interface LocalFindings {
  kinds: ReadonlySet<DocumentKind>;
  /** Text of the FinDatEx rows found (their manufacturer names the manager to ask first). */
  findatexText: string;
}

/**
 * No recipe could be asked, and no document was found: which managers, and whether asking again soon may help (a
 * timeout, a 5xx) or not (every host unreachable, its circuit open).
 */
export class IssuersUnavailableError extends Error {
  constructor(
    readonly managers: string[],
    readonly transient: boolean,
    readonly retryAfterMs: number | null,
    detail: string,
  ) {
    super(`could not reach ${managers.join(', ')} (${detail})`);
    this.name = 'IssuersUnavailableError';
  }
}

export interface IssuerConnectorOptions {
  recipes: readonly Recipe[];
  http: IssuerHttp;
  memory: IssuerMemory;
  /** Languages in order of preference; each recipe is asked in the first it supports, else in its own first. */
  languages: readonly string[];
  notFoundTtlMs: number;
  log: Logger;
  now?: () => Date;
}

export class IssuerRecipesConnector {
  readonly name = 'issuer-recipes';

  constructor(private readonly options: IssuerConnectorOptions) {}

  recipeNames(): string[] {
    return this.options.recipes.map((recipe) => recipe.name);
  }

  /** The recipes that could serve the ISIN at all (by prefix). */
  candidates(isin: string): Recipe[] {
    return this.options.recipes.filter((recipe) => servesIsin(recipe, isin));
  }

  /** The documents the managers have for the ISIN that the local sources lacked. */
  async fetch(input: string, local: LocalFindings): Promise<SourceDocument[]> {
    const isin = normaliseIsin(input);
    if (!isin) return [];
    const wanted = this.candidates(isin).filter((recipe) => !covered(recipe.kind, local.kinds));
    if (wanted.length === 0) return [];
    const now = (this.options.now ?? (() => new Date()))();
    const [copies, misses] = await Promise.all([
      this.options.memory.copies(isin),
      this.options.memory.misses(isin, now),
    ]);
    const kinds = [...new Set(wanted.map((recipe) => (KEY_DOCUMENTS.includes(recipe.kind) ? 'kid' : recipe.kind)))];
    const results = await Promise.all(
      kinds.map((kind) => {
        const ofKind = wanted.filter((r) => (KEY_DOCUMENTS.includes(r.kind) ? 'kid' : r.kind) === kind);
        return this.firstDocument(isin, this.ordered(isin, ofKind, copies, local.findatexText, misses), copies);
      }),
    );
    const documents = results.flatMap((result) => (result.document ? [result.document] : []));
    const failures = results.flatMap((result) => result.failures);
    if (documents.length === 0 && failures.length > 0) throw unavailable(failures);
    return documents;
  }

  /** Recipes in the order they are asked; the ones that recently found nothing are left out. */
  ordered(isin: string, recipes: Recipe[], copies: IssuerCopy[], findatexText: string, misses: Set<string>): Recipe[] {
    const served = new Set(copies.map((copy) => copy.recipe));
    const rank = (recipe: Recipe) => [
      served.has(recipe.name) ? 0 : 1,
      findatexText && recipe.managerNames.test(findatexText) ? 0 : 1,
      -prefixMatchLength(recipe, isin),
      recipe.kind === 'kiid' ? 1 : 0, // a manager's KID first: its KIID only when the KID is missing
      recipe.steps.length,
    ];
    return recipes
      .filter((recipe) => !misses.has(recipe.name))
      .sort((a, b) => compareRanks(rank(a), rank(b)) || a.name.localeCompare(b.name));
  }

  /** The language a recipe is asked in. */
  languageFor(recipe: Recipe): string {
    const supported = Object.keys(recipe.languages);
    return this.options.languages.find((lang) => supported.includes(lang)) ?? supported[0];
  }

  /** Asks the recipes a few at a time, in order, until one has the document. */
  private async firstDocument(
    isin: string,
    recipes: Recipe[],
    copies: IssuerCopy[],
  ): Promise<{ document: SourceDocument | null; failures: Array<{ recipe: Recipe; outcome: RecipeOutcome }> }> {
    const failures: Array<{ recipe: Recipe; outcome: RecipeOutcome }> = [];
    // The recipe that served this ISIN before is asked alone first: it most likely still does.
    const first = copies.some((copy) => copy.recipe === recipes[0]?.name) ? 1 : PARALLEL_RECIPES;
    for (let start = 0; start < recipes.length;) {
      const size = start === 0 ? first : PARALLEL_RECIPES;
      const batch = recipes.slice(start, start + size);
      start += size;
      const outcomes = await Promise.all(batch.map((recipe) => this.ask(isin, recipe, copies)));
      const found = outcomes.find((outcome) => outcome.status === 'found');
      batch.forEach((recipe, i) => {
        if (outcomes[i].status === 'failed') failures.push({ recipe, outcome: outcomes[i] });
      });
      if (found?.status === 'found') return { document: found.document, failures: [] };
    }
    return { document: null, failures };
  }

  /** Runs one recipe and records what it learnt. */
  private async ask(isin: string, recipe: Recipe, copies: IssuerCopy[]): Promise<RecipeOutcome> {
    const { memory, log } = this.options;
    const now = (this.options.now ?? (() => new Date()))();
    const known = copies.find((copy) => copy.recipe === recipe.name) ?? null;
    const steps: StepTrace[] = [];
    const outcome = await runRecipe(recipe, isin, this.languageFor(recipe), {
      http: this.options.http,
      known,
      storedContent: (sha256) => memory.content(sha256),
      trace: (step) => steps.push(step),
    });
    const context = {
      isin,
      recipe: recipe.name,
      steps: steps.map((s) => `${s.method} ${s.url} ${s.status} ${s.ms}ms`),
    };
    if (outcome.status === 'found') {
      log.info({ ...context, notModified: outcome.notModified }, 'issuer recipe found the document');
      const { document } = outcome;
      await memory.recordCopy({
        isin,
        recipe: recipe.name,
        url: outcome.url,
        etag: outcome.etag,
        lastModified: outcome.lastModified,
        sha256: createHash('sha256').update(document.content).digest('hex'),
        fetchedAt: document.retrievedAt,
      });
      await memory.recordSuccess(recipe.name, now);
    } else if (outcome.status === 'missing') {
      log.info({ ...context, reason: outcome.reason }, 'issuer recipe: no such document');
      await memory.recordMiss(isin, recipe.name, outcome.reason, new Date(now.getTime() + this.options.notFoundTtlMs));
    } else {
      log.warn({ ...context, reason: outcome.reason }, 'issuer recipe failed');
      await memory.recordFailure(recipe.name, now, outcome.reason);
    }
    return outcome;
  }
}

function covered(kind: DocumentKind, have: ReadonlySet<DocumentKind>): boolean {
  if (KEY_DOCUMENTS.includes(kind)) return KEY_DOCUMENTS.some((k) => have.has(k));
  return have.has(kind);
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

function unavailable(failures: Array<{ recipe: Recipe; outcome: RecipeOutcome }>): IssuersUnavailableError {
  const failed = failures.flatMap(({ recipe, outcome }) => (outcome.status === 'failed' ? [{ recipe, outcome }] : []));
  const managers = [...new Set(failed.map(({ recipe }) => recipe.manager))];
  // Asking again soon helps only when a failure was transient and its host is still asked (not unreachable).
  const transient = failed.some(({ outcome }) => outcome.transient && !outcome.unreachable);
  const waits = failed.flatMap(({ outcome }) => (outcome.retryAfterMs === null ? [] : [outcome.retryAfterMs]));
  const detail = failed.map(({ recipe, outcome }) => `${recipe.name}: ${outcome.reason}`).join('; ');
  return new IssuersUnavailableError(managers, transient, waits.length > 0 ? Math.max(...waits) : null, detail);
}
