#!/usr/bin/env bash
# npm run soak: mixed traffic over every endpoint at a steady rate (bench/soak.ts; 600 s after a 60 s warm-up by
# default, SOAK_* variables in bench/README.md) against a fresh test-profile stack, loopback only.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure.sh
export STACK_PROFILE=test
# A data folder of its own (wiped at start), so that a soak never wipes the one npm test or npm run bench uses.
if [ -z "${DATA_DIR:-}" ]; then
  if [ "${STACK_PORT_OFFSET:-0}" = 0 ]; then export DATA_DIR=.data/soak; else export DATA_DIR=".data/soak-$STACK_PORT_OFFSET"; fi
fi
# No scheduled universe refresh in the middle of the run (the soak ages and refreshes its cold funds itself).
export REFRESH_INTERVAL="${REFRESH_INTERVAL:-30d}"
# The soak's webhook endpoints deliver to its own receiver on 127.0.0.1 over plain http (a development setting).
export WEBHOOKS_ALLOW_LOOPBACK_HTTP=1
exec node_modules/.bin/tsx scripts/stack.ts --profile test --fresh run -- node_modules/.bin/tsx bench/soak.ts
