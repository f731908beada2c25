#!/usr/bin/env bash
# Installs the n8n the end-to-end suite and `npm start` run, once, into a cache folder outside the
# repository keyed by version (like a CI cache step). Safe to re-run: a marker file records success.
# Prints the folder holding node_modules/.bin/n8n on stdout; progress goes to stderr.
#
# Why the flags: n8n's install scripts fetch things from the network and build optional native
# addons we do not need, so scripts are skipped and only the two native modules n8n loads at start
# (sqlite3, isolated-vm) are built, against Node 24's headers. linkedom is pinned because newer
# releases are ESM-only and break n8n 2.40's require() of it.
set -euo pipefail

N8N_VERSION="${N8N_VERSION:-2.40.7}"
LINKEDOM_VERSION="0.18.14"
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# shellcheck source=../use-node24.sh
. "$repo_root/scripts/use-node24.sh"

cache_root="${NUMERO_CACHE:-$HOME/.cache/numero-connectors}"
dir="${NUMERO_N8N_HOME:-$cache_root/n8n-$N8N_VERSION}"
# Native modules are built for one Node ABI: another Node major re-checks and rebuilds them.
marker="$dir/.installed-node-abi-$(node -p process.versions.modules)"

if [ -f "$marker" ] && [ -x "$dir/node_modules/.bin/n8n" ]; then
  echo "$dir"
  exit 0
fi

# One install at a time: `npm start` beside a test run would otherwise run two npm installs into one
# folder and leave a broken n8n. The second waits, then finds the marker the first wrote.
mkdir -p "$cache_root"
exec 9> "$cache_root/.install-n8n-$N8N_VERSION.lock"
if ! flock -n 9; then
  echo "Another install of n8n $N8N_VERSION is under way; waiting for it to finish…" >&2
  flock 9
fi
if [ -f "$marker" ] && [ -x "$dir/node_modules/.bin/n8n" ]; then
  echo "$dir"
  exit 0
fi

mkdir -p "$dir"
cd "$dir"
cat > package.json <<JSON
{
  "name": "numero-n8n-runtime",
  "private": true,
  "description": "n8n $N8N_VERSION for the numero connectors end-to-end suite and dev environment",
  "dependencies": { "n8n": "$N8N_VERSION" },
  "overrides": { "linkedom": "$LINKEDOM_VERSION" }
}
JSON

echo "Installing n8n $N8N_VERSION into $dir (takes several minutes the first time)" >&2
npm install --ignore-scripts --no-audit --no-fund --loglevel=error >&2

# Node 24 headers for node-gyp, so that it downloads nothing: use-node24.sh sets npm_config_nodedir
# when it fetched Node 24; otherwise the headers that Node's own install ships (include/node) are used.
if [ -z "${npm_config_nodedir:-}" ]; then
  node_prefix="$(dirname "$(dirname "$(command -v node)")")"
  if [ -f "$node_prefix/include/node/node.h" ]; then export npm_config_nodedir="$node_prefix"; fi
fi
node_gyp() {
  local npm_gyp
  npm_gyp="$(dirname "$(dirname "$(command -v npm)")")/lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js"
  if [ -f "$npm_gyp" ]; then node "$npm_gyp" "$@"; else npx --yes node-gyp "$@"; fi
}

loads() { node -e "require(process.argv[1])" "$dir/node_modules/$1" >/dev/null 2>&1; }

for module in sqlite3 isolated-vm; do
  if [ ! -d "node_modules/$module" ]; then
    echo "n8n $N8N_VERSION no longer depends on $module: nothing to build" >&2
    continue
  fi
  if loads "$module"; then
    echo "$module loads as installed" >&2
    continue
  fi
  echo "Building $module for node $(node --version) (log: $dir/build-$module.log)" >&2
  if ! (cd "node_modules/$module" && node_gyp rebuild --release) > "$dir/build-$module.log" 2>&1; then
    tail -n 40 "$dir/build-$module.log" >&2
    exit 1
  fi
  if ! loads "$module"; then
    echo "$module still does not load after node-gyp rebuild" >&2
    node -e "require(process.argv[1])" "$dir/node_modules/$module" >&2 || true
    exit 1
  fi
done

"$dir/node_modules/.bin/n8n" --version >/dev/null
date -u +%FT%TZ > "$marker"
echo "$dir"
