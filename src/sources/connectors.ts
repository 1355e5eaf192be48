import fs from 'node:fs';

import type { Config } from '../config';
import type { SourceConnector } from '../domain/documents';
import { FindatexLibraryConnector } from './findatexLibrary';
import { HttpDocumentConnector, loadIssuerTemplates } from './httpConnector';
import { LocalLibraryConnector } from './localLibrary';

/**
 * The sources a fund load reads, in order: the local document library (the fund's own folder, then
 * the share classes of the EPT and EMT files in its findatex/ folder), the documents operators filed
 * (`filed`: the inbox, the import command, POST /documents; stored in Postgres, so wired by the worker), then, when
 * ISSUER_TEMPLATES_FILE names a JSON file of URL templates per issuer, the issuers' web sites.
 * Adding an issuer is configuration, not code.
 */
export function buildConnectors(
  config: Pick<Config, 'libraryDir' | 'issuerTemplatesFile'>,
  filed: readonly SourceConnector[] = [],
): SourceConnector[] {
  const connectors: SourceConnector[] = [
    new LocalLibraryConnector(config.libraryDir),
    new FindatexLibraryConnector(config.libraryDir),
    ...filed,
  ];
  if (config.issuerTemplatesFile) {
    const text = fs.readFileSync(config.issuerTemplatesFile, 'utf8');
    connectors.push(new HttpDocumentConnector(loadIssuerTemplates(text)));
  }
  return connectors;
}
