import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { loadRecipes, parseManagerFile, prefixMatchLength, RecipeError, servesIsin } from './recipes';

const SHIPPED = path.resolve(__dirname, '..', '..', '..', 'issuers');

const manager = (recipe: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    manager: 'Example AM',
    managerNames: 'example',
    hosts: { 'docs.example.com': { minIntervalMs: 0 } },
    isinPrefixes: ['LU'],
    recipes: [
      {
        name: 'example-kid',
        kind: 'kid',
        languages: { en: { country: 'EN' } },
        confirmed: '2026-11-01',
        source: 'a test',
        steps: [{ request: { url: 'https://docs.example.com/{isin}/{country}.pdf' }, take: { document: 'pdf' } }],
        ...recipe,
      },
    ],
    ...extra,
  });

describe('the shipped recipes', () => {
  const recipes = loadRecipes({ folder: SHIPPED, operatorFile: null, enabled: 'on' });

  it('validate, one file per manager, each with the date its pattern was confirmed and where it comes from', () => {
    expect(new Set(recipes.map((r) => r.manager))).toEqual(new Set(['Vanguard', 'DWS', 'BlackRock']));
    for (const recipe of recipes) {
      expect(recipe.confirmed).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(recipe.source.length).toBeGreaterThan(10);
      expect(path.dirname(recipe.file)).toBe(SHIPPED);
    }
  });

  it('serve the ISINs of their domiciles, the most specific prefix first', () => {
    const vanguard = recipes.find((r) => r.name === 'vanguard-kid')!;
    expect(servesIsin(vanguard, 'IE00B3RBWM25')).toBe(true);
    expect(servesIsin(vanguard, 'LU0274208692')).toBe(false);
    expect(prefixMatchLength(vanguard, 'IE00B3RBWM25')).toBe(2);
    expect(prefixMatchLength(vanguard, 'US0378331005')).toBe(0);
  });
});

describe('parseManagerFile', () => {
  it('reads a valid recipe with its manager facts', () => {
    const [recipe] = parseManagerFile(manager({}), 'example.yaml');
    expect(recipe).toMatchObject({
      name: 'example-kid',
      manager: 'Example AM',
      isinPrefixes: ['LU'],
      file: 'example.yaml',
    });
    expect(recipe.managerNames.test('EXAMPLE Asset Management')).toBe(true);
  });

  it.each([
    [
      'an unknown variable',
      { steps: [{ request: { url: 'https://docs.example.com/{fund}.pdf' }, take: { document: 'pdf' } }] },
      /step 1: unknown variable \{fund\}/,
    ],
    [
      'a host it does not declare',
      { steps: [{ request: { url: 'https://evil.example.net/{isin}.pdf' }, take: { document: 'pdf' } }] },
      /step 1: host evil.example.net is not among/,
    ],
    [
      'a placeholder in the host',
      { steps: [{ request: { url: 'https://{isin}.example.com/x.pdf' }, take: { document: 'pdf' } }] },
      /step 1: the URL must start/,
    ],
    [
      'a last step that does not take the document',
      { steps: [{ request: { url: 'https://docs.example.com/{isin}' }, take: { text: 'x' }, as: 'x' }] },
      /step 1: the last step, and only it/,
    ],
    [
      'a value without a name',
      {
        steps: [
          { request: { url: 'https://docs.example.com/{isin}' }, take: { text: 'x' } },
          { request: { url: 'https://docs.example.com/{isin}.pdf' }, take: { document: 'pdf' } },
        ],
      },
      /step 1: "as" names/,
    ],
    [
      'a later step using a value taken after it',
      {
        steps: [
          { request: { url: 'https://docs.example.com/{asset}' }, take: { text: 'x' }, as: 'asset' },
          { request: { url: '{asset}' }, take: { document: 'pdf' } },
        ],
      },
      /step 1: unknown variable \{asset\}/,
    ],
    [
      'a GET with a body',
      {
        steps: [
          { request: { url: 'https://docs.example.com/{isin}.pdf', form: { a: 'b' } }, take: { document: 'pdf' } },
        ],
      },
      /step 1: a GET has no body/,
    ],
    ['languages that need different variables', { languages: { en: { country: 'EN' }, de: {} } }, /same variables/],
    [
      'a broken regular expression',
      {
        steps: [
          { request: { url: 'https://docs.example.com/{isin}' }, take: { text: '(' }, as: 'x' },
          { request: { url: '{x}' }, take: { document: 'pdf' } },
        ],
      },
      /not a regular expression/,
    ],
    ['no confirmation date', { confirmed: 'last week' }, /confirmed/],
  ])('refuses %s, naming the file, the recipe and the step', (_, recipe, message) => {
    let error: unknown;
    try {
      parseManagerFile(manager(recipe), 'operator.yaml');
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(RecipeError);
    expect((error as Error).message).toMatch(/^issuer recipes operator\.yaml: /);
    expect((error as Error).message).toMatch(message);
  });

  it('refuses text that is not YAML', () => {
    expect(() => parseManagerFile('a: [unclosed', 'x.yaml')).toThrow(/x\.yaml: not YAML or JSON/);
  });
});

describe('loadRecipes', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'recipes-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("adds an operator's recipes and overrides shipped ones of the same name, without a code change", () => {
    const file = path.join(dir, 'mine.yaml');
    const vanguard = JSON.parse(manager({ name: 'vanguard-kid' })) as Record<string, unknown>;
    fs.writeFileSync(file, JSON.stringify({ ...vanguard, manager: 'Vanguard mirror' }));
    const recipes = loadRecipes({ folder: SHIPPED, operatorFile: file, enabled: 'on' });
    expect(recipes.filter((r) => r.name === 'vanguard-kid')).toEqual([
      expect.objectContaining({ manager: 'Vanguard mirror', file }),
    ]);
    expect(recipes.map((r) => r.name)).toContain('dws-kid');
  });

  it('keeps only the recipes ISSUERS names, and none when it is off', () => {
    expect(
      loadRecipes({ folder: SHIPPED, operatorFile: null, enabled: 'dws-kid,vanguard-kid' }).map((r) => r.name),
    ).toEqual(['dws-kid', 'vanguard-kid']);
    expect(loadRecipes({ folder: SHIPPED, operatorFile: null, enabled: 'off' })).toEqual([]);
  });

  it('names a missing operator file', () => {
    expect(() => loadRecipes({ folder: SHIPPED, operatorFile: path.join(dir, 'none.yaml'), enabled: 'on' })).toThrow(
      /none\.yaml: cannot be read/,
    );
  });
});
