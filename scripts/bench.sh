#!/usr/bin/env bash
# npm run bench: benchmarks against the test-profile stack (own ports, fresh data), from a second process.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure.sh
export STACK_PROFILE=test LOG_LEVEL="${LOG_LEVEL:-info}"
exec node_modules/.bin/tsx scripts/stack.ts --profile test --fresh run -- \
  bash -c 'node_modules/.bin/tsx bench/fundsWarm.ts && node_modules/.bin/tsx bench/coldLoad.ts'
