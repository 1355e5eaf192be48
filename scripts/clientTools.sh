#!/usr/bin/env bash
# Sourced by scripts/ensure.sh and scripts/clients.sh: the Python tools of the official clients (the generator, ruff,
# mypy, the client's own dependencies) at the versions clients/tools-requirements.txt pins, in a virtualenv under the
# cache folder named after that file's hash, installed once. Exports CLIENT_TOOLS_VENV.
CLIENT_TOOLS_CACHE="${FUND_DATA_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/fund-data-service}"
CLIENT_TOOLS_REQUIREMENTS="clients/tools-requirements.txt"
CLIENT_TOOLS_VENV="$CLIENT_TOOLS_CACHE/client-tools-$(sha256sum "$CLIENT_TOOLS_REQUIREMENTS" | cut -c1-12)"
# pip writes this file last: a venv without it was cut short and is made again.
if [ ! -f "$CLIENT_TOOLS_VENV/.installed" ] || ! "$CLIENT_TOOLS_VENV/bin/python" -c '' >/dev/null 2>&1; then
  printf '[setup] %s\n' "installing the client tools ($CLIENT_TOOLS_REQUIREMENTS) from PyPI into $CLIENT_TOOLS_VENV (once, a minute)..."
  mkdir -p "$CLIENT_TOOLS_CACHE"
  rm -rf "$CLIENT_TOOLS_VENV"
  python3 -m venv "$CLIENT_TOOLS_VENV"
  "$CLIENT_TOOLS_VENV/bin/pip" install --quiet --disable-pip-version-check -r "$CLIENT_TOOLS_REQUIREMENTS" 2>&1 \
    | sed -u 's/^/[setup]   /'
  touch "$CLIENT_TOOLS_VENV/.installed"
fi
export CLIENT_TOOLS_VENV
