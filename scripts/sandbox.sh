#!/usr/bin/env bash
# `npm start`: the sandbox in one command, from a fresh clone. Installs what is missing (Node 24,
# dev dependencies, the cached n8n runtime: about 8 minutes the first time), builds the package
# and the emulator, then runs scripts/sandbox.ts: the emulator with demo data and a real n8n on
# localhost (port 5678 unless taken) with this package, a credential, demo workflows and an owner
# login. Ctrl+C stops both. Every step is announced with its expected duration, and the long
# installs print a line every 30 s, so a first start is never silent for minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
export SANDBOX_T0_MS="$(date +%s%3N)"
export WF_PROGRESS_PREFIX=sandbox
source scripts/lib/progress.sh
source scripts/lib/first-start.sh

wf_first_start_notice
wf_step 1 7 "Node 24 runtime" "$(wf_expect node24 'cached' 'first time: about 30 s')"
source scripts/env.sh
wf_step 2 7 "dev dependencies" "$(wf_expect deps 'up to date' 'first time: npm ci, about 1-3 min')"
bash scripts/install-deps.sh
wf_step 3 7 "building the package" "about 20 s"
npm run build --silent >/dev/null
wf_step 4 7 "building the emulator and the sandbox" "about 15 s"
bash scripts/build-dev.sh
wf_step 5 7 "n8n ${N8N_VERSION:-2.41.1} runtime" "$(wf_expect n8n 'cached' 'first time: about 6 min, 3 GB, cached for later starts')"
bash scripts/ensure-n8n.sh >/dev/null
# Steps 6 and 7 (package into n8n, emulator, n8n start-up) are announced by sandbox.ts.
exec node .build/scripts/sandbox.js
