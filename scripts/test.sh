#!/usr/bin/env bash
# npm test: the same set-up on the test profile's own ports and a fresh data folder, then the whole suite.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure.sh
echo "[test] type-checking (tsc --noEmit)..."
node_modules/.bin/tsc --noEmit
echo "[test] linting (eslint: import rules between layers, floating promises)..."
node_modules/.bin/eslint --max-warnings 0 .
echo "[test] linting the OpenAPI document (Redocly, recommended rules; errors fail the run)..."
npm run --silent lint:openapi
source scripts/testEnv.sh
# puppeteer-core is an ES module: jest loads it through import() only with VM modules enabled.
exec node_modules/.bin/tsx scripts/stack.ts --profile test --fresh run -- \
  node --experimental-vm-modules --disable-warning=ExperimentalWarning node_modules/jest/bin/jest.js --ci "$@"
