#!/usr/bin/env bash
# Installs the dev dependencies with Node 24 when they are missing or stale (package-lock changed).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
if [ -L node_modules ]; then
  # A shared install (a git worktree linking another checkout's node_modules): never reinstall
  # through the link, which would wipe the other checkout's packages.
  exit 0
fi
stamp=node_modules/.wf-lock-stamp
if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json "$stamp"
fi
