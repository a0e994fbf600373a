#!/usr/bin/env bash
# Installs the dev dependencies with Node 24 when they are missing or stale (package-lock changed).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
stamp=node_modules/.wf-lock-stamp
if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json "$stamp"
fi
