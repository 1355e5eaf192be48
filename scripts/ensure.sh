#!/usr/bin/env bash
# Installs what is missing for the embedded stack: npm packages, Debian packages, the Temporal CLI.
# Idempotent and quick when everything is there; prints what it does while it does it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

TEMPORAL_CLI_VERSION="1.5.1"
CACHE_DIR="${FUND_DATA_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/fund-data-service}"
TEMPORAL_BIN="$CACHE_DIR/temporal-cli-$TEMPORAL_CLI_VERSION"
# Schemathesis (PyPI): the OpenAPI fuzzer of test/openapi-fuzz.test.ts, in a virtualenv of its own.
SCHEMATHESIS_VERSION="4.32.5"
SCHEMATHESIS_VENV="$CACHE_DIR/schemathesis-$SCHEMATHESIS_VERSION"
# Installed when its interpreter runs and has the pinned version (a venv outlives the Python it was made from only so long).
schemathesis_ok() {
  [ -x "$SCHEMATHESIS_VENV/bin/schemathesis" ] && "$SCHEMATHESIS_VENV/bin/python" -c \
    "import importlib.metadata as m, sys; sys.exit(m.version('schemathesis') != '$SCHEMATHESIS_VERSION')" >/dev/null 2>&1
}

say() { printf '[setup] %s\n' "$*"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else say "needs root for: $*"; exit 1; fi; }

# 1. npm packages (reinstalled when the lockfile changed since the last install).
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm packages (npm install, locked versions)..."
  # npm install, not npm ci: the registry mirror here omits other platforms' optional packages from
  # the lockfile, which npm ci refuses; npm install still installs exactly the locked versions.
  PUPPETEER_SKIP_DOWNLOAD=1 npm install --no-audit --no-fund --loglevel=error
fi

# 2. Debian packages: only those whose service is not configured elsewhere.
missing=()
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "${DATABASE_URL:-}" ] && { [ -z "$pg_bin" ] || [ ! -x "$pg_bin/initdb" ]; }; then missing+=(postgresql); fi
if [ -z "${CLICKHOUSE_URL:-}" ] && ! command -v clickhouse-server >/dev/null && [ ! -x /usr/sbin/clickhouse-server ]; then missing+=(clickhouse-server clickhouse-client); fi
command -v chromium >/dev/null || missing+=(chromium)
command -v pdftotext >/dev/null || missing+=(poppler-utils)
# Factsheets are set in Liberation Sans (metric-compatible with Arial) in the PDFs Chromium prints.
{ command -v fc-list >/dev/null && fc-list : family | grep -q 'Liberation Sans'; } || missing+=(fonts-liberation2)
# Schemathesis needs python3 -m venv (Debian ships venv's ensurepip apart, in python3-venv).
if ! schemathesis_ok && ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
  missing+=(python3 python3-venv)
fi
if [ ${#missing[@]} -gt 0 ]; then
  say "installing Debian packages: ${missing[*]} (apt-get, a few minutes the first time)..."
  as_root apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# 3. The Temporal CLI (its dev server is the embedded Temporal), built once from Go modules and cached.
if [ -z "${TEMPORAL_ADDRESS:-}" ] && [ ! -x "$TEMPORAL_BIN" ]; then
  command -v go >/dev/null || { say "Go is needed to build the Temporal CLI once (or set TEMPORAL_ADDRESS)"; exit 1; }
  say "building the Temporal CLI v$TEMPORAL_CLI_VERSION from Go modules (once; several minutes, cached in $CACHE_DIR)..."
  mkdir -p "$CACHE_DIR"
  build_dir=$(mktemp -d)
  GOBIN="$build_dir" GOFLAGS=-mod=mod go install "github.com/temporalio/cli/cmd/temporal@v$TEMPORAL_CLI_VERSION" 2>&1 \
    | sed -u 's/^/[setup]   /'
  mv "$build_dir/temporal" "$TEMPORAL_BIN.tmp" && mv "$TEMPORAL_BIN.tmp" "$TEMPORAL_BIN"
  rm -rf "$build_dir"
fi
export TEMPORAL_CLI="$TEMPORAL_BIN"

# 4. Schemathesis, a pinned version from PyPI in a virtualenv under the cache folder, installed once.
if ! schemathesis_ok; then
  say "installing Schemathesis $SCHEMATHESIS_VERSION from PyPI into $SCHEMATHESIS_VENV (once, a minute)..."
  mkdir -p "$CACHE_DIR"
  # Console scripts name their venv's path in their shebangs, so the venv is built in place; the check
  # above passes only once pip has installed the package, and a run cut short is redone from scratch.
  rm -rf "$SCHEMATHESIS_VENV"
  python3 -m venv "$SCHEMATHESIS_VENV"
  "$SCHEMATHESIS_VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION" 2>&1 \
    | sed -u 's/^/[setup]   /'
fi
export SCHEMATHESIS_BIN="$SCHEMATHESIS_VENV/bin/schemathesis"

# 5. The official clients' Python tools (generator, mypy, the client's dependencies), pinned, installed once.
source scripts/clientTools.sh
