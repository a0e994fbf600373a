#!/usr/bin/env bash
# `npm test`: from a fresh clone it installs what is missing (Node 24, dev dependencies), then runs
# the engine-backed jest suite against the emulator. Extra arguments go to jest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
source scripts/env.sh
npx jest "$@"
