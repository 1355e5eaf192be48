#!/usr/bin/env bash
# npm test: the same set-up on the test profile's own ports and a fresh data folder, then the whole suite.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure.sh
echo "[test] type-checking (tsc --noEmit)..."
node_modules/.bin/tsc --noEmit
echo "[test] checking the format (prettier --check; npm run format writes it)..."
npm run --silent format:check -- --log-level warn
echo "[test] linting (eslint: typescript-eslint type-checked rules, sorted imports, import rules between layers)..."
node_modules/.bin/eslint --max-warnings 0 .
echo "[test] checking the folder graph (dependency-cruiser: no cycle, no import from a layer to one above it)..."
npm run --silent lint:graph
echo "[test] looking for unused files, exports and dependencies (knip)..."
npm run --silent knip
echo "[test] linting the OpenAPI document (Redocly, recommended rules; errors fail the run)..."
npm run --silent lint:openapi
source scripts/testEnv.sh
# puppeteer-core is an ES module: jest loads it through import() only with VM modules enabled.
exec node_modules/.bin/tsx scripts/stack.ts --profile test --fresh run -- \
  node --experimental-vm-modules --disable-warning=ExperimentalWarning node_modules/jest/bin/jest.js --ci "$@"
