#!/usr/bin/env bash
# Runs inside the test-profile stack (see scripts/bench.sh). The warm-path benchmark measures the
# production build (node dist/..., as the container runs it), started here on its own port.
set -euo pipefail
cd "$(dirname "$0")/.."
BENCH_API_PORT="${BENCH_API_PORT:-8097}"
# BENCH_ONLY=fundsWarm (or a comma-separated list of the names below) runs only those; unset, all of them.
want() { [ -z "${BENCH_ONLY:-}" ] || [[ ",$BENCH_ONLY," == *",$1,"* ]]; }
PORT="$BENCH_API_PORT" LOG_LEVEL="${LOG_LEVEL:-info}" node dist/src/api/server.js > "$DATA_DIR/logs/bench-api.log" 2>&1 &
api=$!
trap 'kill "$api" 2>/dev/null || true' EXIT
for _ in $(seq 1 50); do curl -fs "http://127.0.0.1:$BENCH_API_PORT/api/v1/health" >/dev/null && break; sleep 0.2; done
want fundsWarm && PORT="$BENCH_API_PORT" node_modules/.bin/tsx bench/fundsWarm.ts
want coldLoad && node_modules/.bin/tsx bench/coldLoad.ts
# Many-fund endpoints against the same built API: synthetic universes (bench/universe.ts) written into
# the stack's stores, then sample-style cold funds written into its document library.
for bench in search portfolio overlap batchCold; do
  want "$bench" || continue
  BENCH_API_PORT="$BENCH_API_PORT" node_modules/.bin/tsx "bench/$bench.ts"
done
want export && BENCH_API_PORT="$BENCH_API_PORT" BENCH_API_PID="$api" node_modules/.bin/tsx bench/export.ts   # the API's pid: its RSS while it streams
want changeTracking && BENCH_API_PORT="$BENCH_API_PORT" node_modules/.bin/tsx bench/changeTracking.ts   # universe refresh of 1,000 stale funds; one event to 200 webhooks
want scpi && BENCH_API_PORT="$BENCH_API_PORT" node_modules/.bin/tsx bench/scpi.ts   # cold SCPI load end to end against a warm one
want issuerLoad && node_modules/.bin/tsx bench/issuerLoad.ts   # a cold load through the DWS recipe against a fake of its server, next to one from the local library
want ingestion && node_modules/.bin/tsx bench/ingestion.ts   # 1,000 mixed documents through the inbox folder against reading them without the workflow
want factsheets && BENCH_API_PORT="$BENCH_API_PORT" node_modules/.bin/tsx bench/factsheets.ts   # warm HTML render; warm PDF through the render workflow against a bare page.pdf()
want parserScaling && node_modules/.bin/tsx bench/parserScaling.ts   # parsers only, no stack needed
want riskScale && node_modules/.bin/tsx bench/riskScale.ts   # PDF reading with and without the drawn risk scale, no stack needed
want kidLanguages && node_modules/.bin/tsx bench/kidLanguages.ts   # one KID/KIID read in every language against its text layer alone, no stack needed
# A benchmark left out by BENCH_ONLY ends its line with a false `want`: not a failure (set -e stops at a real one).
exit 0
