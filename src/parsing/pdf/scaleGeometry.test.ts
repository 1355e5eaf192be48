import { readFileSync } from 'node:fs';
import path from 'node:path';

import { PDFJS_DRAW_OPS, PDFJS_OPS } from './scaleGeometry';

/** The reader thread walks pdf.js' operator list by code: the codes must be those of the pdf.js pdf-parse bundles. */
describe('pdf.js operator codes of the risk-scale reading', () => {
  const bundle = readFileSync(require.resolve('pdf-parse'), 'utf8');

  it('match the OPS table inside the pdf-parse bundle', () => {
    for (const [name, code] of Object.entries(PDFJS_OPS)) expect(bundle).toMatch(new RegExp(`[{,]${name}:${code}[,}]`));
  });

  it('match pdfjs-dist, whose version pdf-parse pins', async () => {
    const manifest = (name: string) =>
      JSON.parse(readFileSync(path.join(packageRoot(name), 'package.json'), 'utf8')) as {
        version: string;
        dependencies: Record<string, string>;
      };
    const pinned = manifest('pdf-parse').dependencies['pdfjs-dist'];
    const installed = manifest('pdfjs-dist').version;
    expect(installed).toBe(pinned);
    const pdfjs = (await import('pdfjs-dist/legacy/build/pdf.mjs')) as { OPS: Record<string, number> };
    for (const [name, code] of Object.entries(PDFJS_OPS)) expect(pdfjs.OPS[name]).toBe(code);
    expect(PDFJS_DRAW_OPS).toEqual({ moveTo: 0, lineTo: 1, curveTo: 2, closePath: 3 });
  });
});

/** A package's folder (its exports do not list package.json). */
function packageRoot(name: string): string {
  const entry = require.resolve(name === 'pdfjs-dist' ? 'pdfjs-dist/legacy/build/pdf.mjs' : name);
  const marker = `${path.sep}node_modules${path.sep}${name}${path.sep}`;
  return entry.slice(0, entry.lastIndexOf(marker) + marker.length);
}
