#!/usr/bin/env bash
# `npm run soak`: extraction and trigger runs under random, seeded faults; fails on any lost or
# duplicated record. SOAK_SECONDS (default 120), SOAK_SEED, SOAK_RECORDS for longer or other runs.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
source scripts/env.sh
bash scripts/build-dev.sh
node .build/bench/soak.js "$@"
