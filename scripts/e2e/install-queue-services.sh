#!/usr/bin/env bash
# Makes sure PostgreSQL and Redis server binaries are on this machine, for n8n's queue mode (the
# end-to-end suite, the reliability suite and `npm start -- --queue`). They come from the Debian
# packages, installed once (like a CI "services" step); nothing is downloaded at test time.
# Prints the folder holding PostgreSQL's server binaries (initdb, postgres) on stdout.
set -euo pipefail

postgres_bin() {
  local dir
  for dir in /usr/lib/postgresql/*/bin; do
    if [ -x "$dir/initdb" ] && [ -x "$dir/postgres" ]; then echo "$dir"; return 0; fi
  done
  return 1
}

if ! postgres_bin >/dev/null || ! command -v redis-server >/dev/null; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "PostgreSQL and Redis are needed for n8n's queue mode: install the Debian packages postgresql and redis-server (sudo apt-get install -y postgresql redis-server)" >&2
    exit 1
  fi
  echo "Installing PostgreSQL and Redis (Debian packages postgresql, redis-server)…" >&2
  export DEBIAN_FRONTEND=noninteractive
  # Another apt run (a second test run, the machine's own) holds dpkg's lock: wait for it.
  apt-get -o DPkg::Lock::Timeout=600 update -qq >&2
  apt-get -o DPkg::Lock::Timeout=600 install -y -qq postgresql redis-server >&2
fi

postgres_bin
