import type { Config } from '../config';
import type { SourceConnector } from '../domain/documents';
import type { Logger } from '../logger';
import { serviceUserAgent } from '../outbound/userAgent';
import type { IssuerMemory } from '../usecases/ports/issuers';
import { FindatexLibraryConnector } from './findatexLibrary';
import { IssuerRecipesConnector } from './issuers/connector';
import { IssuerHttp, parseHostMap } from './issuers/http';
import { loadRecipes, type Recipe, RecipeError } from './issuers/recipes';
import { LocalLibraryConnector } from './localLibrary';

/**
 * The local sources a fund load reads, at the same time: the document library (the fund's own folder, then the share
 * classes of the EPT and EMT files in its findatex/ folder), then the documents operators filed (`filed`: the inbox,
 * the import command, POST /documents; stored in Postgres, so wired by the worker). The managers' servers
 * (buildIssuerConnector) are asked after them.
 */
export function buildConnectors(
  config: Pick<Config, 'libraryDir'>,
  filed: readonly SourceConnector[] = [],
): SourceConnector[] {
  return [new LocalLibraryConnector(config.libraryDir), new FindatexLibraryConnector(config.libraryDir), ...filed];
}

/** The recipes in use (ISSUERS, ISSUER_RECIPES_FILE), validated: a broken one throws a RecipeError naming it. */
export function issuerRecipes(config: Pick<Config, 'issuers'>): Recipe[] {
  return loadRecipes({
    folder: config.issuers.recipesDir,
    operatorFile: config.issuers.operatorFile,
    enabled: config.issuers.enabled,
  });
}

/** The managers' servers through the recipes, or null when ISSUERS is off. */
export function buildIssuerConnector(
  config: Pick<Config, 'issuers' | 'notFoundTtlMs'>,
  memory: IssuerMemory,
  log: Logger,
): IssuerRecipesConnector | null {
  const recipes = issuerRecipes(config);
  if (recipes.length === 0) return null;
  const http = new IssuerHttp({
    userAgent: serviceUserAgent(config.issuers.contactUrl),
    hostMap: issuerHostMap(config),
    allowLoopback: config.issuers.allowLoopback,
    onCircuit: (host, open, reason) => {
      if (open) log.warn({ host, reason }, 'issuer host failing: not asked for a while (circuit open)');
      else log.info({ host }, 'issuer host answers again (circuit closed)');
      memory
        .recordCircuit(host, open, reason)
        .catch((err: unknown) => log.warn({ err: String(err) }, 'circuit not recorded'));
    },
  });
  return new IssuerRecipesConnector({
    recipes,
    http,
    memory,
    languages: config.issuers.languages,
    notFoundTtlMs: config.notFoundTtlMs,
    log,
  });
}

/** ISSUER_HOST_MAP, accepted only with ISSUERS_ALLOW_LOOPBACK=1 (tests and local mirrors; production never needs it). */
export function issuerHostMap(config: Pick<Config, 'issuers'>): Map<string, string> {
  if (!config.issuers.hostMap) return new Map();
  if (!config.issuers.allowLoopback)
    throw new RecipeError('ISSUER_HOST_MAP', 'is accepted only with ISSUERS_ALLOW_LOOPBACK=1');
  try {
    return new Map(parseHostMap(config.issuers.hostMap));
  } catch (err) {
    throw new RecipeError('ISSUER_HOST_MAP', (err as Error).message, { cause: err });
  }
}
