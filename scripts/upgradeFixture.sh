#!/usr/bin/env bash
# npm run upgrade:fixture -- <revision>: the dataset of a previous release, made by that release's own code, for
# test/upgrade.test.ts. It checks the revision out beside this tree, runs its stack (test profile moved by
# STACK_PORT_OFFSET=500, own data folder), calls its API as users did (test/upgrade/makeData.ts), and keeps the
# answers and a backup (this tree's `npm run backup`) in test/fixtures/upgrade/<short revision>/. Commit that folder.
set -euo pipefail
rev="${1:?usage: npm run upgrade:fixture -- <git revision of the previous release>}"
cd "$(dirname "$0")/.."
root="$PWD"
source scripts/ensure.sh
sha="$(git rev-parse --short "$rev")"
scratch="$(mktemp -d)" && chmod 755 "$scratch" # Postgres runs as its own user: it must reach its data folder
tree="$scratch/release-$sha"
git worktree add --detach --quiet "$tree" "$rev"
trap 'git worktree remove --force "$tree"' EXIT
ln -s "$root/node_modules" "$tree/node_modules" # its dependencies are this tree's, or older ones it still runs with
out="$root/test/fixtures/upgrade/$sha"
rm -rf "$out" && mkdir -p "$out"
cd "$tree"
source scripts/testEnv.sh
export STACK_PORT_OFFSET=500 DATA_DIR="$tree/.data/upgrade-fixture"
node_modules/.bin/tsx scripts/stack.ts --profile test --fresh run -- \
  "$root/node_modules/.bin/tsx" "$root/test/upgrade/makeData.ts" "$out" "$tree"
git -C "$root" log -1 --format='%H %s' "$rev" > "$out/release.txt"
echo "fixture of $sha written to $out"
