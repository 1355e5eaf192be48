/**
 * The suites that start a stack of their own (test/privateStack.ts) run side by side in `npm test`: two that chose
 * the same port would fail each other ("port ... is already in use"). Each port of each suite's stack is its own.
 */
import fs from 'node:fs';
import path from 'node:path';

const PORT_NAMES = ['api', 'postgres', 'clickhouseHttp', 'clickhouseTcp', 'temporal', 'temporalUi'];

function suitesWithStacks(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => fs.readFileSync(file, 'utf8').includes('new PrivateStack('));
}

it('gives every private stack of the suite ports no other suite uses', () => {
  const owners = new Map<string, string[]>();
  for (const file of suitesWithStacks(__dirname)) {
    const source = fs.readFileSync(file, 'utf8');
    for (const name of PORT_NAMES)
      for (const [, port] of source.matchAll(new RegExp(`\\b${name}: (\\d{4,5})\\b`, 'g')))
        owners.set(port, [...(owners.get(port) ?? []), path.relative(__dirname, file)]);
  }
  expect(owners.size).toBeGreaterThan(20); // the suites' stacks were found
  const shared = [...owners].filter(([, files]) => new Set(files).size > 1);
  expect(shared).toEqual([]);
});
