#!/usr/bin/env bash
# npm run bench:scale: the service at 200,000 share classes (bench/scale.ts, bench/README.md "A universe of 200,000
# share classes"), on a test-profile stack of its own (ports +1000, data in .data/scale, wiped at the start and, unless
# BENCH_SCALE_KEEP=1, at the end: the run writes several GB). Arguments go to bench/scale.ts (--steps, --funds).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure.sh
source scripts/testEnv.sh
echo "[bench:scale] building (tsc -> dist/)..."
rm -rf dist && node_modules/.bin/tsc --outDir dist
cp -r issuers dist/issuers
export STACK_PROFILE=test STACK_PORT_OFFSET="${STACK_PORT_OFFSET:-1000}" DATA_DIR="${DATA_DIR:-.data/scale}"
# The refresh is started by the benchmark through its schedule, never by the clock in the middle of another step; it
# runs 8 loads at once (WARM_CONCURRENCY, 4 by default), as an operator of a large universe sets it on two cores.
export REFRESH_INTERVAL=30d WARM_CONCURRENCY="${WARM_CONCURRENCY:-8}"
status=0
node_modules/.bin/tsx scripts/stack.ts --profile test --fresh run -- bash bench/scale/run.sh "$@" || status=$?
if [ "${BENCH_SCALE_KEEP:-0}" != 1 ]; then rm -rf "$DATA_DIR"; fi
exit "$status"
