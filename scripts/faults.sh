#!/usr/bin/env bash
# npm run faults: the fault suite (test/faults: worker kills, service outages, webhook receiver
# faults, metering under contention) against a fresh test-profile stack and the suites' own private
# stacks, then its figures as the tables of RELIABILITY.md. `npm test` runs the same suites.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure.sh
source scripts/testEnv.sh
status=0
node_modules/.bin/tsx scripts/stack.ts --profile test --fresh run -- \
  node --experimental-vm-modules --disable-warning=ExperimentalWarning node_modules/jest/bin/jest.js --ci test/faults "$@" || status=$?
node_modules/.bin/tsx scripts/faultsReport.ts
exit "$status"
