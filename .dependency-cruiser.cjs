// The folder graph of ARCHITECTURE.md, checked by dependency-cruiser (`npm run lint:graph`; `npm test` runs it):
// no cycle between files or folders, and no import from a layer to one above it.

/** The layers from the ground up: a folder may import its own and those below, never one above. */
const LAYERS = [
  ['vocabulary', '^src/(schema/|config\\.ts$|logger\\.ts$)'],
  ['domain', '^src/domain/'],
  ['parsing', '^src/parsing/'],
  ['page', '^src/render/(factsheet|site)/'],
  ['ports and use cases', '^src/usecases/'],
  ['outbound', '^src/outbound/'],
  ['sources', '^src/sources/'],
  ['stores', '^src/db/'],
  ['printing', '^src/render/[^/]+$'],
  ['activities', '^src/activities/'],
  ['workflows', '^src/workflows/'],
  ['Temporal adapters', '^src/temporal/'],
  ['api (the composition root)', '^src/api/'],
];

const upward = LAYERS.slice(0, -1).map(([name, path], i) => ({
  name: `no-upward-from-${name.split(' ')[0]}`,
  comment: `${name} imports only what lies below it: ${
    LAYERS.slice(0, i)
      .map(([below]) => below)
      .join(', ') || 'nothing'
  }`,
  severity: 'error',
  from: { path, pathNot: '\\.test\\.ts$' },
  to: {
    path: `(${LAYERS.slice(i + 1)
      .map(([, above]) => above)
      .join('|')})`,
  },
}));

module.exports = {
  forbidden: [
    { name: 'no-file-cycle', severity: 'error', from: {}, to: { circular: true } },
    { name: 'no-folder-cycle', severity: 'error', scope: 'folder', from: { path: '^src/' }, to: { circular: true } },
    ...upward,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|\\.test\\.ts$|^test/|^bench/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
