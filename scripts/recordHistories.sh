#!/usr/bin/env bash
# npm run histories:record: records the workflow histories of this release (test/histories/record.ts) on a stack of
# its own (the test profile moved by STACK_PORT_OFFSET, in its own data folder), for test/replay.test.ts.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure.sh
source scripts/testEnv.sh
export STACK_PORT_OFFSET="${STACK_PORT_OFFSET:-400}" DATA_DIR="${DATA_DIR:-.data/histories}"
exec node_modules/.bin/tsx scripts/stack.ts --profile test --fresh run -- \
  node --experimental-vm-modules --disable-warning=ExperimentalWarning node_modules/jest/bin/jest.js --ci \
  --testMatch '<rootDir>/test/histories/record.ts'
