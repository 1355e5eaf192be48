/**
 * Issuer recipes as data: how to get one kind of document for an ISIN from one manager's public document server, as
 * a short list of steps (a request, then what to take from its answer for the next step), ending with a document
 * checked by its signature. One YAML file per manager in `issuers/` (shipped, versioned with the code), plus an
 * operator's own file (ISSUER_RECIPES_FILE) that adds recipes or overrides shipped ones by name. Validated at start:
 * a broken recipe stops the worker with the file, the recipe and the step that is wrong.
 */
import fs from 'node:fs';
import path from 'node:path';

import YAML from 'yaml';
import { z } from 'zod';

import { DOCUMENT_KINDS } from '../../domain/documents';
import { placeholdersOf, SAMPLE_VALUES } from './template';

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const VARIABLE = /^[a-z][A-Za-z0-9]*$/;
const ISIN_PREFIX = z.string().regex(/^[A-Z]{2}[A-Z0-9]{0,10}$/, 'an upper-case ISIN prefix such as IE or LU0');
const DOCUMENT_TYPES = ['pdf', 'csv', 'xlsx', 'json'] as const;

const regexSource = z.string().superRefine((source, ctx) => {
  try {
    new RegExp(source.replace(/\{[A-Za-z][A-Za-z0-9]*\}/g, 'X'), 'i');
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: `not a regular expression: ${(err as Error).message}` });
  }
});

const RequestSchema = z.strictObject({
  method: z.enum(['GET', 'POST']).default('GET'),
  /** A URL template: `{isin}`, `{isinLower}`, `{lang}`, a language's variables and earlier steps' values. */
  url: z.string().min(1),
  headers: z.record(z.string().regex(/^[A-Za-z0-9-]+$/), z.string()).optional(),
  /** An application/x-www-form-urlencoded body (POST). */
  form: z.record(z.string(), z.string()).optional(),
  /** A JSON body (POST); strings in it are templates. */
  json: z.unknown().optional(),
});

/** What a step takes from its answer: the document itself (last step), or values for the next step. */
const TakeSchema = z.union([
  z.strictObject({ document: z.enum(DOCUMENT_TYPES) }),
  z.strictObject({
    /** Links by regular expression (group 1, or the whole match) or CSS selector, resolved against the answer's URL. */
    link: z.union([
      z.strictObject({ regex: regexSource }),
      z.strictObject({ css: z.string().min(1), attribute: z.string().default('href'), text: regexSource.optional() }),
    ]),
  }),
  /** Values by regular expression from the answer's text (group 1, or the whole match), kept as they are. */
  z.strictObject({ text: regexSource }),
  /** Values by JSONPath from a JSON answer (`searchDocuments[*].dreReference`). */
  z.strictObject({ json: z.string().min(1) }),
  /** The address the request ended at, after its redirects. */
  z.strictObject({ redirect: z.literal(true) }),
]);

const StepSchema = z.strictObject({
  request: RequestSchema,
  take: TakeSchema,
  /** The name the taken value has in later steps; required unless the step takes the document. */
  as: z.string().regex(VARIABLE, 'a variable name such as asset or file').optional(),
  /** Keeps only the values this regular expression finds (a template); the first one left is used. */
  where: regexSource.optional(),
  /** Rewrites the value: [pattern, replacement] pairs applied in order (replacement may use $1...). */
  rewrite: z.array(z.tuple([regexSource, z.string()])).optional(),
  /** Statuses that mean "no such document" for this ISIN (default 404 and 410). */
  missing: z.array(z.number().int().min(400).max(499)).optional(),
});

const RecipeSchema = z.strictObject({
  name: z.string().regex(NAME, 'lower-case words joined by hyphens, e.g. vanguard-kid'),
  kind: z.enum(DOCUMENT_KINDS),
  /** The languages the recipe can fetch, in its own order of preference, each with the variables it needs. */
  languages: z.record(z.string().regex(/^[a-z]{2}$/), z.record(z.string().regex(VARIABLE), z.string())),
  /** Overrides the manager's ISIN prefixes for this recipe. */
  isinPrefixes: z.array(ISIN_PREFIX).min(1).optional(),
  /** When the pattern was last confirmed to work, and by whom or what. */
  confirmed: z.iso.date(),
  source: z.string().min(1),
  steps: z.array(StepSchema).min(1).max(6),
});

const ManagerSchema = z.strictObject({
  manager: z.string().trim().min(1),
  /** A regular expression (case-insensitive) for the manager's names in other documents (a FinDatEx row). */
  managerNames: regexSource,
  /** Every host its recipes may ask, with the least gap between two requests to it (default 1000 ms). */
  hosts: z.record(z.string().regex(/^[a-z0-9.-]+$/), z.strictObject({ minIntervalMs: z.number().int().min(0) })),
  isinPrefixes: z.array(ISIN_PREFIX).min(1),
  recipes: z.array(RecipeSchema).min(1),
});

export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export type RecipeStep = z.infer<typeof StepSchema>;
type ManagerFile = z.infer<typeof ManagerSchema>;

/** A recipe with what it needs from its manager's file. */
export interface Recipe extends z.infer<typeof RecipeSchema> {
  manager: string;
  managerNames: RegExp;
  hosts: ManagerFile['hosts'];
  isinPrefixes: string[];
  /** The file it was read from (for messages). */
  file: string;
}

export class RecipeError extends Error {
  constructor(file: string, message: string, options?: { cause?: unknown }) {
    super(`issuer recipes ${file}: ${message}`, options);
    this.name = 'RecipeError';
  }
}

/** The built-in variables every step may use. */
const BUILT_INS = ['isin', 'isinLower', 'lang'];

/** Why a recipe's steps cannot run as written (an unknown variable, a host it does not declare...), or null. */
function stepProblem(recipe: z.infer<typeof RecipeSchema>, hosts: string[]): string | null {
  const languageVariables = Object.values(recipe.languages).map((vars) => Object.keys(vars).sort().join(','));
  if (new Set(languageVariables).size > 1) return 'every language must define the same variables';
  if (languageVariables.length === 0) return 'languages: at least one language';
  const known = new Set([...BUILT_INS, ...Object.keys(Object.values(recipe.languages)[0])]);
  for (const [index, step] of recipe.steps.entries()) {
    const where = `step ${index + 1}`;
    const last = index === recipe.steps.length - 1;
    if (last !== 'document' in step.take) return `${where}: the last step, and only it, takes the document`;
    if (!last && !step.as) return `${where}: "as" names the value it takes`;
    const templates = [
      step.request.url,
      ...Object.values(step.request.headers ?? {}),
      ...Object.values(step.request.form ?? {}),
      ...(step.request.json === undefined ? [] : [JSON.stringify(step.request.json)]),
      step.where ?? '',
      ...(step.rewrite ?? []).map(([pattern]) => pattern),
      'link' in step.take && 'regex' in step.take.link ? step.take.link.regex : '',
      'text' in step.take ? step.take.text : '',
    ];
    const unknown = templates.flatMap(placeholdersOf).find((name) => !known.has(name));
    if (unknown) return `${where}: unknown variable {${unknown}}`;
    const hostProblem = urlHostProblem(step.request.url, hosts);
    if (hostProblem) return `${where}: ${hostProblem}`;
    if (step.request.method === 'GET' && (step.request.form || step.request.json !== undefined))
      return `${where}: a GET has no body`;
    if (step.as) known.add(step.as);
  }
  return null;
}

/** A URL template either is one variable (a link taken before) or names one of the manager's hosts literally. */
function urlHostProblem(url: string, hosts: string[]): string | null {
  if (/^\{[A-Za-z][A-Za-z0-9]*\}$/.test(url)) return null; // checked against the hosts when it runs
  const origin = /^https?:\/\/([^/?#{}]+)(?:[/?#]|$)/i.exec(url);
  if (!origin) return 'the URL must start with https://<one of the hosts>/ or be a single {variable}';
  if (!hosts.includes(origin[1].toLowerCase())) return `host ${origin[1]} is not among the manager's hosts`;
  try {
    new URL(url.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, (_, name: string) => SAMPLE_VALUES[name] ?? 'x'));
  } catch {
    return 'not a valid URL once filled';
  }
  return null;
}

/** Validates one manager's file (YAML or JSON text); `file` names it in errors. */
export function parseManagerFile(text: string, file: string): Recipe[] {
  let value: unknown;
  try {
    value = YAML.parse(text);
  } catch (err) {
    throw new RecipeError(file, `not YAML or JSON (${(err as Error).message})`, { cause: err });
  }
  const parsed = ManagerSchema.safeParse(value);
  if (!parsed.success) throw new RecipeError(file, z.prettifyError(parsed.error), { cause: parsed.error });
  const manager = parsed.data;
  const hosts = Object.keys(manager.hosts);
  return manager.recipes.map((recipe, index) => {
    const problem = stepProblem(recipe, hosts);
    if (problem) throw new RecipeError(file, `recipes[${index}] ${recipe.name}: ${problem}`);
    return {
      ...recipe,
      manager: manager.manager,
      managerNames: new RegExp(manager.managerNames, 'i'),
      hosts: manager.hosts,
      isinPrefixes: recipe.isinPrefixes ?? manager.isinPrefixes,
      file,
    };
  });
}

function readRecipeFile(file: string): Recipe[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new RecipeError(file, `cannot be read (${(err as Error).message})`, { cause: err });
  }
  return parseManagerFile(text, file);
}

/** The shipped recipes: every `*.yaml` file of the folder, in name order. */
function shippedRecipes(folder: string): Recipe[] {
  const files = fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.yaml'))
    .sort();
  return files.flatMap((name) => readRecipeFile(path.join(folder, name)));
}

/**
 * The recipes in use: the shipped ones, the operator's file added (a recipe of the same name replaces the shipped
 * one), then narrowed by ISSUERS (`on`: all; `off`: none; else a comma-separated list of recipe names).
 */
export function loadRecipes(options: { folder: string; operatorFile: string | null; enabled: string }): Recipe[] {
  const byName = new Map<string, Recipe>();
  const add = (recipes: Recipe[], file: string, replacing: boolean) => {
    for (const recipe of recipes) {
      if (!replacing && byName.has(recipe.name)) throw new RecipeError(file, `recipe ${recipe.name} is defined twice`);
      byName.set(recipe.name, recipe);
    }
  };
  add(shippedRecipes(options.folder), options.folder, false);
  if (options.operatorFile) add(readRecipeFile(options.operatorFile), options.operatorFile, true);
  const enabled = options.enabled.trim().toLowerCase();
  if (enabled === 'on') return [...byName.values()];
  if (enabled === 'off') return [];
  const names = enabled.split(',').map((name) => name.trim());
  const unknown = names.find((name) => !byName.has(name));
  if (unknown) throw new RecipeError('ISSUERS', `no recipe named ${unknown}; known: ${[...byName.keys()].join(', ')}`);
  return names.map((name) => byName.get(name)!);
}

/** True when the recipe may serve the ISIN (one of its prefixes). */
export function servesIsin(recipe: Recipe, isin: string): boolean {
  return recipe.isinPrefixes.some((prefix) => isin.startsWith(prefix));
}

/** The longest of the recipe's prefixes that the ISIN starts with (0: none): the more specific, the likelier. */
export function prefixMatchLength(recipe: Recipe, isin: string): number {
  return Math.max(0, ...recipe.isinPrefixes.filter((prefix) => isin.startsWith(prefix)).map((p) => p.length));
}
