/**
 * The official clients (clients/): regenerated from the document this stack serves, they must equal what is
 * committed; both type-check (mypy strict for Python); each language's end-to-end script calls every operation of
 * the document against this stack, with typed results and typed errors.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { sampleDocuments, sampleFunds } from '../samples/library';
import { API, newKey, setUsed } from './helpers';
import { receiver } from './receiver';

const run = promisify(execFile);
const ROOT = path.join(__dirname, '..');
const CLIENTS = path.join(ROOT, 'clients');
const VENV = process.env.CLIENT_TOOLS_VENV ?? '';
const python = (tool: string) => path.join(VENV, 'bin', tool);
/** Folders a build or a check leaves in a client, never committed. */
const UNTRACKED = new Set(['node_modules', 'dist', '__pycache__', '.mypy_cache', '.ruff_cache', 'build']);
const untracked = (name: string) => UNTRACKED.has(name) || name.endsWith('.egg-info');

let scratch: string;
let hook: Awaited<ReturnType<typeof receiver>>;
let e2eEnv: NodeJS.ProcessEnv;
let operationIds: string[];

beforeAll(async () => {
  if (!VENV) throw new Error('CLIENT_TOOLS_VENV is not set: npm test sets it (scripts/clientTools.sh)');
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'clients-test-'));
  hook = await receiver(() => 200);
  const fund = sampleFunds().find((f) => f.keyDocument === 'kid' && f.language === 'en')!;
  const kidPdf = path.join(scratch, 'kid.pdf');
  fs.writeFileSync(kidPdf, (await sampleDocuments(fund))['kid.pdf']);
  const exhausted = await newKey('free');
  await setUsed(exhausted.email, 150);
  e2eEnv = {
    ...process.env,
    FDS_API_URL: API,
    FDS_KEY: (await newKey('scale')).key,
    FDS_KEY_FREE: (await newKey('free')).key,
    FDS_KEY_EXHAUSTED: exhausted.key,
    FDS_KEY_OPERATOR: (await newKey('enterprise', undefined, { operator: true })).key,
    FDS_ISIN: 'ZZSMPL000014',
    FDS_ISIN_2: 'ZZSMPL000055',
    FDS_KID_PDF: kidPdf,
    FDS_WEBHOOK_URL: hook.url,
    PYTHONPATH: path.join(CLIENTS, 'python'),
  };
  const document = (await (await fetch(`${API}/openapi.json`)).json()) as { paths: Record<string, object> };
  operationIds = Object.values(document.paths)
    .flatMap((item) => Object.values(item) as Array<{ operationId?: string }>)
    .flatMap((operation) => (operation.operationId ? [operation.operationId] : []))
    .sort();
});

afterAll(async () => {
  await hook?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('official clients', () => {
  it('are what npm run clients makes of the document this stack serves', async () => {
    const copy = path.join(scratch, 'clients');
    fs.cpSync(CLIENTS, copy, { recursive: true, filter: (from) => !untracked(path.basename(from)) });
    await run('bash', [path.join(ROOT, 'scripts', 'clients.sh'), '--from', `${API}/openapi.json`, '--out', copy], {
      cwd: ROOT,
    });
    const differing = filesOf(CLIENTS).filter(
      (file) => !fs.existsSync(path.join(copy, file)) || !sameFile(path.join(CLIENTS, file), path.join(copy, file)),
    );
    const added = filesOf(copy).filter((file) => !fs.existsSync(path.join(CLIENTS, file)));
    expect({ differing, added }).toEqual({ differing: [], added: [] }); // npm run clients, then commit
  });

  it('TypeScript: the client type-checks in strict mode', async () => {
    await run(path.join(ROOT, 'node_modules', '.bin', 'tsc'), ['-p', 'clients/typescript/tsconfig.json', '--noEmit'], {
      cwd: ROOT,
    });
  });

  it('Python: pip installs the package, typed (py.typed), and mypy --strict passes on it and the scripts', async () => {
    const site = path.join(scratch, 'site');
    await run(
      python('pip'),
      ['install', '--quiet', '--no-deps', '--no-build-isolation', '--target', site, './clients/python'],
      {
        cwd: ROOT,
      },
    );
    expect(fs.existsSync(path.join(site, 'fund_data_service', 'py.typed'))).toBe(true);
    const imported = await run(python('python'), ['-c', 'import fund_data_service as f; print(f.__version__)'], {
      cwd: scratch,
      env: { ...process.env, PYTHONPATH: site },
    });
    expect(imported.stdout.trim()).toMatch(/^\d{4}\.\d{1,2}\.\d{1,2}$/);
    await run(
      python('mypy'),
      ['--config-file', 'mypy.ini', 'fund_data_service', 'examples', path.join(ROOT, 'test', 'clients', 'e2e.py')],
      { cwd: path.join(CLIENTS, 'python') },
    );
  });

  it('Python: the helpers pass their unit tests (retries, errors, the export iterator)', async () => {
    await run(python('python'), ['-m', 'unittest', 'discover', '-s', 'test/clients', '-p', 'test_*.py'], {
      cwd: ROOT,
      env: e2eEnv,
    });
  });

  it.each([
    [
      'TypeScript',
      () => [path.join(ROOT, 'node_modules', '.bin', 'tsx'), path.join(ROOT, 'test', 'clients', 'e2e.ts')],
    ],
    ['Python', () => [python('python'), path.join(ROOT, 'test', 'clients', 'e2e.py')]],
  ])('%s: a new user calls every operation, with typed results and errors', async (_language, command) => {
    const [program, script] = command();
    const { stdout } = await run(program, [script], { cwd: ROOT, env: e2eEnv, maxBuffer: 16 * 1024 * 1024 });
    const called = new Set([...stdout.matchAll(/^called (\w+)$/gm)].map((match) => match[1]));
    expect(operationIds.filter((operationId) => !called.has(operationId))).toEqual([]);
  });
});

/** Every file under a folder, relative to it, build and check output left out. */
function filesOf(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !path.relative(folder, entry.parentPath).split(path.sep).some(untracked))
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

function sameFile(a: string, b: string): boolean {
  return fs.readFileSync(a).equals(fs.readFileSync(b));
}
