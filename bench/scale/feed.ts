/**
 * A distributor's FinDatEx feed for the synthetic universe (bench/universe/generate.ts), written into a
 * document library as files arrive from one: every share class in an EPT file and an EMT file, split over
 * several deliveries (files), each ordered by manager as a feed is, so that a file's ISINs are scattered over
 * the whole range; and for one share class in ten a fund folder with its full holdings as a FinDatEx TPT
 * report and a daily NAV series. The same seed gives the same bytes.
 *
 * Everything written is named so that `removeFeed` finds it again: `findatex/scale-*` and the fund folders of
 * the universe's ISINs (ZZSYN..., never a real fund's).
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

import { FUND_PREFIX, type SyntheticFund, syntheticFund, type UniverseOptions } from '../universe/generate';
import {
  COMMA,
  csvLine,
  type Dialect,
  EMT_HEADERS,
  emtRow,
  EPT_HEADERS,
  eptRow,
  navFile,
  SEMICOLON,
  tptFile,
} from './feedRows';

export interface FeedOptions extends UniverseOptions {
  /** The document library (the stack's LIBRARY_DIR). */
  libraryDir: string;
  /** Deliveries: EPT files and as many EMT files, the share classes dealt out over them. */
  files: number;
  /** One share class in `holdingsEvery` gets a fund folder with holdings (TPT) and NAV. */
  holdingsEvery: number;
  /** Business days of NAV history in those folders. */
  navDays: number;
  log?: (line: string) => void;
}

export interface FeedReport {
  shareClasses: number;
  eptFiles: number;
  emtFiles: number;
  fundFolders: number;
  bytes: number;
  seconds: number;
}

const FEED_PREFIX = 'scale-';
/** Every third delivery comes from a continental distributor: semicolons and decimal commas. */
const CONTINENTAL_EVERY = 3;

/** The file a share class is delivered in (1-based): dealt round-robin, so each file spans the whole range. */
const deliveryOf = (n: number, files: number) => ((n - 1) % files) + 1;
const hasFundFolder = (n: number, every: number) => n % every === 0;
const eptFileName = (k: number, continental: boolean) =>
  `${FEED_PREFIX}ept-${String(k).padStart(2, '0')}${continental ? '-semicolon' : ''}.csv`;
const emtFileName = (k: number) => `${FEED_PREFIX}emt-${String(k).padStart(2, '0')}.csv`;
const isContinental = (k: number) => k % CONTINENTAL_EVERY === 0;

/** A file written line by line through a stream, so a 20,000-row delivery is never one string. */
class CsvFile {
  private readonly stream;
  bytes = 0;

  constructor(
    file: string,
    headers: readonly string[],
    private readonly dialect: Dialect,
  ) {
    this.stream = createWriteStream(file);
    void this.write(headers); // the first line never waits: the stream's buffer is empty
  }

  write(cells: readonly (string | number | null)[]): Promise<void> | void {
    return this.writeLine(csvLine(cells, this.dialect));
  }

  /** A line already in this file's dialect. */
  writeLine(line: string): Promise<void> | void {
    const text = `${line}\r\n`;
    this.bytes += Buffer.byteLength(text);
    if (!this.stream.write(text)) return once(this.stream, 'drain').then(() => undefined);
  }

  async close(): Promise<number> {
    this.stream.end();
    await once(this.stream, 'finish');
    return this.bytes;
  }
}

async function writeFundFolder(libraryDir: string, fund: SyntheticFund, navDays: number): Promise<number> {
  const dir = path.join(libraryDir, fund.isin);
  await fs.mkdir(dir, { recursive: true });
  const tpt = tptFile(fund);
  const nav = navFile(fund, navDays);
  await Promise.all([fs.writeFile(path.join(dir, 'tpt.csv'), tpt), fs.writeFile(path.join(dir, 'nav.csv'), nav)]);
  return Buffer.byteLength(tpt) + Buffer.byteLength(nav);
}

// ---------------------------------------------------------------------------------------------
// The feed
// ---------------------------------------------------------------------------------------------

/** Writes the whole feed; fund n of the universe is the same share class in every file it appears in. */
export async function writeFeed(options: FeedOptions): Promise<FeedReport> {
  const started = process.hrtime.bigint();
  const first = options.first ?? 1;
  const folder = path.join(options.libraryDir, 'findatex');
  await fs.mkdir(folder, { recursive: true });
  // Each share class's two rows are made once, as lines in its delivery's dialect (about 900 bytes a share class),
  // then written delivery by delivery in manager order.
  const byDelivery = new Map<number, { n: number; manager: string; ept: string; emt: string }[]>();
  let bytes = 0;
  let fundFolders = 0;
  for (let n = first; n < first + options.funds; n++) {
    const fund = syntheticFund(options, n);
    const k = deliveryOf(n, options.files);
    let list = byDelivery.get(k);
    if (!list) byDelivery.set(k, (list = []));
    const eptDialect = isContinental(k) ? SEMICOLON : COMMA;
    list.push({
      n,
      manager: fund.data.keyFacts.manager ?? '',
      ept: csvLine(eptRow(fund), eptDialect),
      emt: csvLine(emtRow(fund), COMMA),
    });
    if (hasFundFolder(n, options.holdingsEvery)) {
      bytes += await writeFundFolder(options.libraryDir, fund, options.navDays);
      fundFolders++;
    }
    if ((n - first + 1) % 20_000 === 0)
      options.log?.(`feed: ${n - first + 1} share classes read, ${fundFolders} fund folders`);
  }
  for (const [k, members] of [...byDelivery].sort(([a], [b]) => a - b)) {
    members.sort((a, b) => (a.manager === b.manager ? a.n - b.n : a.manager < b.manager ? -1 : 1));
    const continental = isContinental(k);
    const ept = new CsvFile(
      path.join(folder, eptFileName(k, continental)),
      EPT_HEADERS,
      continental ? SEMICOLON : COMMA,
    );
    const emt = new CsvFile(path.join(folder, emtFileName(k)), EMT_HEADERS, COMMA);
    for (const member of members) {
      await ept.writeLine(member.ept);
      await emt.writeLine(member.emt);
    }
    bytes += (await ept.close()) + (await emt.close());
    options.log?.(`feed: delivery ${k} written (${members.length} share classes)`);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return {
    shareClasses: options.funds,
    eptFiles: byDelivery.size,
    emtFiles: byDelivery.size,
    fundFolders,
    bytes,
    seconds,
  };
}

/** Removes every file the feed wrote from a library (its FinDatEx deliveries and the universe's fund folders). */
export async function removeFeed(libraryDir: string): Promise<{ files: number; folders: number }> {
  const folder = path.join(libraryDir, 'findatex');
  const names = await fs.readdir(folder).catch(() => [] as string[]);
  const deliveries = names.filter((name) => name.startsWith(FEED_PREFIX));
  await Promise.all(deliveries.map((name) => fs.rm(path.join(folder, name), { force: true })));
  const folders = (await fs.readdir(libraryDir).catch(() => [] as string[])).filter((name) =>
    name.startsWith(FUND_PREFIX),
  );
  for (const name of folders) await fs.rm(path.join(libraryDir, name), { recursive: true, force: true });
  return { files: deliveries.length, folders: folders.length };
}
