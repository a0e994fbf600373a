#!/usr/bin/env bash
# `npm run test:e2e`: a real n8n runs the packed package. Builds and packs the package, compiles
# the emulator, makes sure the cached n8n runtime exists (first time: about 6 minutes, see
# scripts/ensure-n8n.sh), then runs the jest suite in test/e2e (jest.e2e.config.js), whose global
# set-up installs the tarball as a community package into a throwaway n8n user folder (.e2e/run),
# starts the emulator and imports the credential and workflows. Extra arguments go to jest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
source scripts/env.sh
start=$(date +%s)
npm run build --silent
bash scripts/build-dev.sh
n8n_dir="$(bash scripts/ensure-n8n.sh)"
echo "[e2e] n8n runtime: $n8n_dir (ready after $(( $(date +%s) - start )) s)"
status=0
npx jest -c jest.e2e.config.js --runInBand "$@" || status=$?
echo "[e2e] suite finished in $(( $(date +%s) - start )) s (logs: .e2e/run/*.log)"
exit $status
