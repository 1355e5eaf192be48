#!/usr/bin/env bash
# npm start: install what is missing, then run the embedded stack, the worker and the API until Ctrl-C.
# Arguments pass through (npm start -- --new-demo-key).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure.sh
exec node_modules/.bin/tsx scripts/stack.ts --profile dev serve "$@"
