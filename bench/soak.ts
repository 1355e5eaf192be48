/**
 * Soak (issue 13): SOAK_SECONDS (600) of mixed traffic over every endpoint of the contract at a steady,
 * open-loop rate (SOAK_RATE requests a second, scheduled at fixed instants whatever the answers), after
 * SOAK_WARMUP_SECONDS (60) of the same traffic; per endpoint the count, the errors and p50/p99; the
 * API's and the worker's memory every SOAK_SAMPLE_SECONDS (10) from /proc. Loopback only.
 *
 *   npm run soak                                    # a fresh test-profile stack, the soak inside it (scripts/soak.sh)
 *   SOAK_SECONDS=60 SOAK_WARMUP_SECONDS=20 node_modules/.bin/tsx bench/soak.ts   # inside a running stack (API_URL,
 * DATA_DIR)
 *
 * An error is a 5xx, a timeout (SOAK_TIMEOUT_MS, the whole answer), a connection error, an error
 * status whose body is not JSON, a 2xx whose body is not what the endpoint serves (JSON, NDJSON, HTML,
 * PDF), or a request the generator could not send because SOAK_CONCURRENCY requests were still
 * waiting (the service fell behind). A 429 is an expected answer, counted apart. A status or answer
 * other than the one the request was built to get (a warm fund not cached, a webhook test not
 * delivered, a 404 for a sheet that exists) is "unexpected", counted apart too.
 *
 * Exits non-zero when errors exceed SOAK_MAX_ERROR_RATE (0.1 %) of the requests (warm-up included), unexpected
 * answers exceed the same share, the API's or the worker's memory grew more than SOAK_MAX_MEMORY_GROWTH
 * (10 %) between the first reading after the warm-up and the last one, or either was restarted (exit 1);
 * when the API or Postgres is not on loopback (exit 2).
 * Writes bench/results/soak.json and prints a markdown table for RELIABILITY.md.
 *
 * The parts are in bench/soak/: settings.ts (SOAK_*), traffic/ (the kinds of request per endpoint),
 * setup.ts, request.ts and recorder.ts (sending and filing each request), scheduler.ts (the open loop),
 * memory.ts (/proc readings), statistics.ts and report.ts, run.ts (the whole run in order).
 */
import { RefusedError } from './soak/loopback';
import { soak } from './soak/run';
import { BENCH } from './soak/settings';
import { run } from './support';

run(async () => {
  try {
    const met = await soak();
    process.exit(met ? 0 : 1);
  } catch (err) {
    if (err instanceof RefusedError) {
      console.error(`[bench ${BENCH}] refused: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }
});
