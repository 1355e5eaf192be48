/**
 * Writes the OpenAPI document the API serves at /api/v1/openapi.json to a file (default .data/openapi.json),
 * without starting anything: `npm run lint:openapi` lints that file with Redocly's recommended rules.
 */
import '../src/api/app'; // registers every route's path in the OpenAPI registry

import fs from 'node:fs';
import path from 'node:path';

import { buildOpenApiDocument } from '../src/schema/openapi';

const out = path.resolve(process.argv[2] ?? path.join(__dirname, '..', '.data', 'openapi.json'));
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log(out);
