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
  source scripts/lib/progress.sh
  wf_say "installing the dev dependencies (npm ci): about 1-3 min when nothing is cached"
  WF_HEARTBEAT_DIR=node_modules wf_with_heartbeat "installing the dev dependencies" npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json "$stamp"
fi
