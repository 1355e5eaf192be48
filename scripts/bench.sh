#!/usr/bin/env bash
# npm run bench: benchmarks against the test-profile stack (own ports, fresh data), load from a second process.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure.sh
echo "[bench] building (tsc -> dist/)..."
rm -rf dist && node_modules/.bin/tsc --outDir dist
# The built API looks for the issuer recipes beside dist/src, as the image has them (Dockerfile).
cp -r issuers dist/issuers
export STACK_PROFILE=test
# bench/changeTracking.ts fans an event out to webhook endpoints on a loopback receiver (a development setting).
export WEBHOOKS_ALLOW_LOOPBACK_HTTP=1
exec node_modules/.bin/tsx scripts/stack.ts --profile test --fresh run -- bash bench/run.sh
