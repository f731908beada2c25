# Source this file (". scripts/use-node24.sh") to run the project with Node 24, as n8n requires.
# Where `node` is older, it installs the npm package node@24 (binary and headers) once into a cache
# folder outside the repository, puts it first on PATH and points npm's nodedir at its headers so that
# native modules (isolated-vm, sqlite3) build against Node 24. Like a CI "setup-node" step.
numero_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(numero_node_major)" -lt 24 ]; then
  NUMERO_NODE_HOME="${NUMERO_CACHE:-$HOME/.cache/numero-connectors}/node24"
  if [ ! -x "$NUMERO_NODE_HOME/node_modules/node/bin/node" ]; then
    mkdir -p "$NUMERO_NODE_HOME"
    npm install --prefix "$NUMERO_NODE_HOME" --no-save --no-audit --no-fund node@24 >&2
  fi
  export PATH="$NUMERO_NODE_HOME/node_modules/node/bin:$PATH"
  headers=$(ls -d "$NUMERO_NODE_HOME"/node_modules/node/node_modules/*/include/node | head -n 1)
  export npm_config_nodedir="${headers%/include/node}"
fi
echo "Using node $(node --version)" >&2
