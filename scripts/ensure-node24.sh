#!/usr/bin/env bash
# Prints the bin folder of a Node 24 runtime, installing it from the npm registry when missing.
# n8n 2.x and n8n-core need Node 24; CI machines only have Node 20.
set -euo pipefail
cache="${WF_TOOLS_CACHE:-$HOME/.cache/n8n-nodes-workforce}"
dir="$cache/node24"
bin="$dir/node_modules/node/bin"
if [ ! -x "$bin/node" ] || ! "$bin/node" -v 2>/dev/null | grep -q '^v24\.'; then
  mkdir -p "$dir"
  source "$(dirname "$0")/lib/progress.sh"
  wf_say "installing Node 24 into $dir from the npm registry: first time only, about 30 s"
  wf_with_heartbeat "installing Node 24" npm install --prefix "$dir" --no-audit --no-fund --loglevel=error node@24 >&2
fi
echo "$bin"
