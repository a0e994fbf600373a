#!/usr/bin/env bash
# `npm run bench`: figures for BENCHMARKS.md. Needs the dev dependencies and, for the HTTP
# Request node comparison, the cached n8n runtime (installed on first use, several minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
source scripts/env.sh
runtime="$(bash scripts/ensure-n8n.sh)"
bash scripts/build-dev.sh
BENCH_N8N_RUNTIME="$runtime" node .build/bench/run.js "$@"
