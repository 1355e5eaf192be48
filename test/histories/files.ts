/**
 * Workflow histories kept for replay (issue 26): one folder per release under test/fixtures/histories/ (the version
 * in package.json), each file one run's history as `temporal workflow show --output json` writes it.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { temporal } from '@temporalio/proto';
import * as proto from '@temporalio/proto';
import { patchProtobufRoot } from '@temporalio/proto/lib/patch-protobuf-root';

import packageJson from '../../package.json';

export const HISTORIES_DIR = path.join(__dirname, '..', 'fixtures', 'histories');
/** The release the current code is: its histories go to a folder of this name. */
export const RELEASE = packageJson.version;

export type History = temporal.api.history.v1.History;

/** A kept history: its release, its file, the workflow type it is a run of, its events, and their JSON. */
export interface KeptHistory {
  release: string;
  file: string;
  workflowType: string;
  history: History;
  json: unknown;
}

/** Every history of every kept release (a folder per release; loose files at the top are older fixtures). */
export function keptHistories(root = HISTORIES_DIR): KeptHistory[] {
  return fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((release) =>
      fs
        .readdirSync(path.join(root, release.name))
        .filter((file) => file.endsWith('.history.json'))
        .sort()
        .map((file) => {
          const json: unknown = JSON.parse(fs.readFileSync(path.join(root, release.name, file), 'utf8'));
          const history = historyFromJson(json);
          return { release: release.name, file, workflowType: workflowTypeOf(history), history, json };
        }),
    );
}

/** The workflow type a history is a run of, from its first event. */
export function workflowTypeOf(history: History): string {
  const started = history.events?.[0]?.workflowExecutionStartedEventAttributes;
  const name = started?.workflowType?.name;
  if (!name) throw new Error('a history must start with WorkflowExecutionStarted');
  return name;
}

/**
 * protobufjs's JSON mapping, from the copy @temporalio/proto's types come from: this install has a second copy under
 * @temporalio/common, whose `instanceof Type` check refuses them (so its historyFromJSON and historyToJSON cannot be
 * used here).
 */
function protojson() {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const json = require(
    require.resolve('protobufjs/ext/protojson', { paths: [require.resolve('@temporalio/proto')] }),
  ) as {
    fromJson: (type: unknown, json: unknown, options: { ignoreUnknownFields: boolean }) => History;
    toJson: (type: unknown, message: unknown) => unknown;
  };
  const root = patchProtobufRoot(proto) as unknown as { lookupType(name: string): unknown };
  return { ...json, historyType: root.lookupType('temporal.api.history.v1.History') };
}

/** A history from its JSON (`temporal workflow show --output json`). */
export function historyFromJson(json: unknown): History {
  const { fromJson, historyType } = protojson();
  return fromJson(historyType, json, { ignoreUnknownFields: true });
}

/** A history's JSON, as `temporal workflow show --output json` writes it. */
export function historyToJson(history: temporal.api.history.v1.IHistory): string {
  const { toJson, historyType } = protojson();
  return JSON.stringify(toJson(historyType, proto.temporal.api.history.v1.History.fromObject(history)), null, 2);
}
