#!/usr/bin/env bash
# `npm run test:e2e:queue`: the package in n8n's queue mode, as teams run it when they scale out.
# Builds and packs the package, then starts (test/e2e/queue/stack.ts) a private Postgres and Redis,
# the emulator, a local npm registry holding the package with its proxy, and n8n 2.41.1 as one main
# and two `n8n worker` processes, each installing the package from N8N_COMMUNITY_PACKAGES; runs
# every e2e case plus test/e2e/queue/ there (jest.e2e-queue.config.js); and stops everything it
# started on exit, also on failure or Ctrl+C. Logs in .e2e/queue/. Needs Postgres and
# Redis binaries (Debian: `apt-get install -y postgresql redis-server`). Extra arguments go to jest.
# WF_E2E_BUILT=1: dist/ and .build/ are fresh, not built again. WF_QUEUE_CASES_AFTER=<file>: the
# stack starts at once, the cases when that file exists (.ci/run: after the single-process suite).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
source scripts/env.sh
start=$(date +%s)
source scripts/lib/queue-stack.sh
start_stack
if [ -n "${WF_QUEUE_CASES_AFTER:-}" ]; then
  while [ ! -e "$WF_QUEUE_CASES_AFTER" ]; do sleep 1; done
  echo "[queue] cases start after $(( $(date +%s) - start )) s"
fi

status=0
results="$queue_dir/results.json"
npx jest -c jest.e2e-queue.config.js --runInBand --json --outputFile="$results" "$@" || status=$?
if [ -f "$results" ]; then
  node -e '
    const r = require(process.argv[1]);
    const s = (n) => (n === 1 ? "" : "s");
    process.exitCode = r.numFailedTests || r.numFailedTestSuites || r.numRuntimeErrorTestSuites ? 1 : 0;
    console.log(`[queue] ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped (${r.numTotalTests} test${s(r.numTotalTests)} in ${r.numTotalTestSuites} file${s(r.numTotalTestSuites)}) in ${process.argv[2]} s; logs in .e2e/queue/`);
  ' "$results" "$(( $(date +%s) - start ))" || status=1
else
  # jest has been seen to exit 0 when its global set-up failed: no results is a failure.
  status=1
  echo "[queue] FAILED before any test ran ($(( $(date +%s) - start )) s); logs in .e2e/queue/"
fi
exit $status
