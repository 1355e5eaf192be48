#!/usr/bin/env bash
# Runs inside the stack scripts/benchScale.sh starts: the production build of the API on its own port (as
# bench/run.sh does for npm run bench), then every step of bench/scale.ts against it.
set -euo pipefail
cd "$(dirname "$0")/../.."
export BENCH_API_PORT="${BENCH_API_PORT:-9097}"
PORT="$BENCH_API_PORT" LOG_LEVEL="${LOG_LEVEL:-info}" node dist/src/api/server.js > "$DATA_DIR/logs/bench-api.log" 2>&1 &
api=$!
trap 'kill "$api" 2>/dev/null || true' EXIT
for _ in $(seq 1 50); do curl -fs "http://127.0.0.1:$BENCH_API_PORT/api/v1/health" >/dev/null && break; sleep 0.2; done
BENCH_API_PID="$api" node --expose-gc --import tsx bench/scale.ts "$@"
