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
export STACK_PROFILE=test
# The scheduled universe refresh must not run in the middle of the suite (test/refresh.test.ts starts its own runs).
export REFRESH_INTERVAL="${REFRESH_INTERVAL:-30d}"
# Webhook tests deliver to a receiver on 127.0.0.1 over plain http (a development setting, off by default).
export WEBHOOKS_ALLOW_LOOPBACK_HTTP=1
# Retries after 1 s instead of minutes to hours, so the whole schedule runs within a test.
export WEBHOOK_RETRY_DELAYS="${WEBHOOK_RETRY_DELAYS:-1s,1s,1s,1s,1s,1s}"
# The worker looks for new FinDatEx files every 2 s instead of 30, so a test sees a dropped file's ISINs known at once.
export FINDATEX_SCAN_SECONDS="${FINDATEX_SCAN_SECONDS:-2}"
# puppeteer-core is an ES module: jest loads it through import() only with VM modules enabled.
exec node_modules/.bin/tsx scripts/stack.ts --profile test --fresh run -- \
  node --experimental-vm-modules --disable-warning=ExperimentalWarning node_modules/jest/bin/jest.js --ci "$@"
