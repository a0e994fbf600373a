#!/usr/bin/env bash
# `npm test`: from a fresh clone it installs what is missing (Node 24, dev dependencies, the cached
# n8n runtime), then runs the engine-backed jest suite against the emulator. Extra arguments go to jest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
source scripts/env.sh
# Tests of n8n's own HTTP Request node with the credential load it from the cached n8n runtime
# (test/harness/n8nNodesBase.ts); a fresh machine installs it here once (about 6 minutes).
export WF_N8N_RUNTIME="$(bash scripts/ensure-n8n.sh)"
npx jest "$@"
