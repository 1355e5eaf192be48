#!/usr/bin/env bash
# npm run clients: regenerates the official clients (clients/) from the OpenAPI document the API serves.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm install --no-audit --no-fund --loglevel=error
source scripts/clientTools.sh
exec node_modules/.bin/tsx scripts/clients.ts "$@"
