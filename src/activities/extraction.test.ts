import path from 'node:path';

import { ApplicationFailure } from '@temporalio/activity';

import type { DocumentsRepository } from '../db/repositories/documents';
import type { RobotsTxtCache } from '../outbound/robots';
import { ParsePool } from '../parsing/pool/pool';
import { createExtractionActivities } from './extraction';

/** The parse pool's test thread: it loops forever on a document whose origin is 'spin-forever'. */
const SPINNING_TASK = path.join(__dirname, '..', '..', 'test', 'fixtures', 'parseTasks', 'spinningTask.js');

describe('extractStoredDocument and the parse time limit', () => {
  const pool = new ParsePool({ taskFile: SPINNING_TASK, timeLimitMs: 1_500, maxThreads: 1 });
  afterAll(() => pool.close());

  it('fails without retry when a document overruns the limit (a retry would only be stopped again)', async () => {
    const content = Buffer.from('x');
    const ref = {
      sha256: 'a'.repeat(64),
      kind: 'kid' as const,
      mediaType: 'text/plain',
      origin: 'spin-forever',
      retrievedAt: '2026-01-01T00:00:00.000Z',
      size: 1,
    };
    const activities = createExtractionActivities({
      documents: { content: () => Promise.resolve(content) } as unknown as DocumentsRepository,
      robots: {} as RobotsTxtCache,
      parse: (d) => pool.parse(d),
    });
    const err = await activities.extractStoredDocument(ref, null).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApplicationFailure);
    expect((err as ApplicationFailure).nonRetryable).toBe(true);
    expect((err as ApplicationFailure).message).toMatch(/took longer than 1500 ms and was stopped/);
  });
});
