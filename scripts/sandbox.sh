#!/usr/bin/env bash
# `npm start`: the sandbox in one command, from a fresh clone. Installs what is missing (Node 24,
# dev dependencies, the cached n8n runtime: about 6 minutes the first time), builds the package
# and the emulator, then runs scripts/sandbox.ts: the emulator with demo data and a real n8n on
# localhost (port 5678 unless taken) with this package, a credential, demo workflows and an owner
# login. Ctrl+C stops both.
set -euo pipefail
cd "$(dirname "$0")/.."
export SANDBOX_T0_MS="$(date +%s%3N)"
bash scripts/install-deps.sh
source scripts/env.sh
echo "[sandbox] building the package and the emulator..."
npm run build --silent >/dev/null
bash scripts/build-dev.sh
bash scripts/ensure-n8n.sh >/dev/null
exec node .build/scripts/sandbox.js
