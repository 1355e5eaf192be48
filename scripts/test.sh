#!/usr/bin/env bash
# npm test: the same set-up on the test profile's own ports and a fresh data folder, then the whole suite.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure.sh
echo "[test] type-checking (tsc --noEmit)..."
node_modules/.bin/tsc --noEmit
export STACK_PROFILE=test
# pdf-parse 2 is an ES module; jest loads it through the VM modules API.
exec node_modules/.bin/tsx scripts/stack.ts --profile test --fresh run -- \
  env NODE_OPTIONS="${NODE_OPTIONS:-} --experimental-vm-modules" node_modules/.bin/jest --ci "$@"
