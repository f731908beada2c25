#!/usr/bin/env bash
# Makes sure Debian's Chromium is on this machine, for the tests and screenshots that look at n8n's
# editor (puppeteer-core drives it and downloads no browser of its own). Installed once from the
# Debian package, like the queue services; CHROMIUM=/path/to/chromium uses another one.
# Prints the browser's path on stdout.
set -euo pipefail

if [ -n "${CHROMIUM:-}" ]; then
  echo "$CHROMIUM"
  exit 0
fi

if ! command -v chromium >/dev/null; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "Chromium is needed to look at n8n's editor: install the Debian package chromium (sudo apt-get install -y chromium), or set CHROMIUM to a Chromium or Chrome binary" >&2
    exit 1
  fi
  echo "Installing Chromium (Debian package chromium)…" >&2
  export DEBIAN_FRONTEND=noninteractive
  # Another apt run (a second test run, the machine's own) holds dpkg's lock: wait for it.
  apt-get -o DPkg::Lock::Timeout=600 update -qq >&2
  apt-get -o DPkg::Lock::Timeout=600 install -y -qq chromium >&2
fi

command -v chromium
