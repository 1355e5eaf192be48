/**
 * The issuer recipes, checked live by an operator with internet (our machines reach no website):
 *   npm run --silent issuers -- list                 one line per recipe: name, manager, kind, languages, prefixes,
 *                                                    when its pattern was confirmed and where it comes from
 *   npm run --silent issuers -- check ISIN...        every recipe that may serve each ISIN, step by step (URL, status,
 *                                                    time, what it found), and what the document fetched says (kind,
 *                                                    ISIN, SRI, ongoing costs); exit 1 when an ISIN got no document
 * Same configuration as the worker (ISSUERS, ISSUER_RECIPES_FILE, ISSUER_HOST_MAP...). Remembers nothing: robots.txt
 * and the rate limits are honoured, no miss or copy is recorded.
 */
import { loadConfigOrExit } from '../src/config';
import { serviceUserAgent } from '../src/outbound/userAgent';
import { parseDocument } from '../src/parsing/pool/document';
import { normaliseIsin } from '../src/schema/isin';
import { issuerHostMap, issuerRecipes } from '../src/sources/connectors';
import { extractFundData } from '../src/sources/extract';
import { IssuerHttp } from '../src/sources/issuers/http';
import { type Recipe, servesIsin } from '../src/sources/issuers/recipes';
import { runRecipe } from '../src/sources/issuers/run';

const USAGE = 'usage: npm run --silent issuers -- list | check ISIN...';

function list(recipes: Recipe[]): void {
  for (const r of recipes)
    console.log(
      `${r.name}  ${r.manager}  ${r.kind}  languages ${Object.keys(r.languages).join(',')}  ISINs ${r.isinPrefixes.join(',')}  ` +
        `${r.steps.length} step(s)  confirmed ${r.confirmed}  (${r.source.replace(/\s+/g, ' ')})`,
    );
}

/** What a fetched document says, read as a load would. */
async function summary(isin: string, content: Buffer, kind: Recipe['kind'], mediaType: string, origin: string) {
  const ref = { sha256: '', kind, mediaType, origin, retrievedAt: '', size: content.length };
  const fund = await extractFundData(isin, [{ ref, content }], { parse: parseDocument });
  if (!fund.found) return 'read: nothing readable';
  const { data } = fund;
  return `read: ${kind} for ${isin} "${fund.name ?? ''}", SRI ${data.riskRating ?? '?'}, ongoing costs ${data.costs.ongoing || '?'}`;
}

async function check(recipes: Recipe[], isins: string[], http: IssuerHttp, languages: string[]): Promise<boolean> {
  let allFound = true;
  for (const input of isins) {
    const isin = normaliseIsin(input);
    if (!isin) {
      console.log(`${input}: not an ISIN`);
      allFound = false;
      continue;
    }
    const candidates = recipes.filter((recipe) => servesIsin(recipe, isin));
    console.log(`${isin}: ${candidates.length} recipe(s) may serve it${candidates.length ? '' : ' (no prefix fits)'}`);
    let found = false;
    for (const recipe of candidates) {
      const lang = languages.find((l) => l in recipe.languages) ?? Object.keys(recipe.languages)[0];
      const outcome = await runRecipe(recipe, isin, lang, {
        http,
        storedContent: () => Promise.resolve(null),
        trace: (t) =>
          console.log(
            `  ${t.recipe} step ${t.step}: ${t.method} ${http.physicalUrl(t.url)} -> ${t.status} in ${t.ms} ms${t.found ? ` (${t.found})` : ''}`,
          ),
      });
      if (outcome.status === 'found') {
        found = true;
        const { document } = outcome;
        console.log(`  ${recipe.name}: fetched ${document.content.length} bytes from ${outcome.url}`);
        console.log(
          `  ${recipe.name}: ${await summary(isin, document.content, recipe.kind, document.mediaType, outcome.url)}`,
        );
      } else
        console.log(
          `  ${recipe.name}: ${outcome.status === 'missing' ? 'no such document' : 'failed'}: ${outcome.reason}`,
        );
    }
    allFound &&= found;
  }
  return allFound;
}

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  const config = loadConfigOrExit();
  const recipes = issuerRecipes(config);
  if (command === 'list' && args.length === 0) {
    list(recipes);
    return 0;
  }
  if (command !== 'check' || args.length === 0) {
    console.error(USAGE);
    return 2;
  }
  const http = new IssuerHttp({
    userAgent: serviceUserAgent(config.issuers.contactUrl),
    hostMap: issuerHostMap(config),
    allowLoopback: config.issuers.allowLoopback,
  });
  return (await check(recipes, args, http, config.issuers.languages)) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
