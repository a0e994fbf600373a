#!/usr/bin/env bash
# `npm test`: from a fresh clone it installs what is missing (Node 24, the dev dependencies), then
# runs the engine-backed jest suite against the emulator. Extra arguments go to jest. It needs no
# n8n installation: the cases that run n8n's own nodes are in the e2e suite (test/e2e/engine/).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
source scripts/env.sh
npx jest "$@"
