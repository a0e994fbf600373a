#!/usr/bin/env bash
# `npm run test:e2e`: a real n8n runs the packed package. Builds and packs the package, compiles
# the emulator, makes sure the cached n8n runtime exists (first time: about 6 minutes, see
# scripts/ensure-n8n.sh) and the e2e registry (scripts/ensure-registry.sh), then runs the jest suite
# in test/e2e (jest.e2e.config.js), whose global set-up publishes the tarball to a registry on
# loopback and installs it with n8n's own installer into a throwaway n8n user folder (.e2e/run),
# starts the emulator and imports the credential and workflows. Extra arguments go to jest.
# `--smoke` first runs only the files of test/e2e/smokeSuite.txt. N8N_VERSION=<version> runs the
# suite in that n8n (installed once like 2.41.1, see scripts/ensure-n8n.sh). WF_E2E_BUILT=1: dist/
# and .build/ are fresh (the caller built them, as .ci/run does), so they are not built again.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--smoke" ]; then
  shift
  set -- $(sed -e 's/#.*//' test/e2e/smokeSuite.txt) "$@"
fi
bash scripts/install-deps.sh
bash scripts/ensure-registry.sh
source scripts/env.sh
start=$(date +%s)
if [ -z "${WF_E2E_BUILT:-}" ]; then
  npm run build --silent
  bash scripts/build-dev.sh
fi
n8n_dir="$(bash scripts/ensure-n8n.sh)"
echo "[e2e] n8n runtime: $n8n_dir (ready after $(( $(date +%s) - start )) s)"
status=0
results=.e2e/results.json
rm -f "$results"
npx jest -c jest.e2e.config.js --runInBand --json --outputFile="$results" "$@" || status=$?
# Safety net: the emulator and the n8n of the run, should jest have died before its global teardown...
for what in emulator.pid serverPid; do
  pid="$(node -p "require('./.e2e/run/state.json').$what ?? ''" 2>/dev/null || true)"
  [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
done
# ...and the warehouse demo's Postgres (its own process group; SIGINT is its fast shutdown).
pg="$(node -p "require('./.e2e/run/state.json').warehouse?.pid ?? ''" 2>/dev/null || true)"
[ -n "$pg" ] && kill -INT -- "-$pg" 2>/dev/null || true
if [ -f "$results" ]; then
  node -e '
    const r = require(process.argv[1]);
    const s = (n) => (n === 1 ? "" : "s");
    process.exitCode = r.numFailedTests || r.numFailedTestSuites || r.numRuntimeErrorTestSuites ? 1 : 0;
    console.log(`[e2e] ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped (${r.numTotalTests} test${s(r.numTotalTests)} in ${r.numTotalTestSuites} file${s(r.numTotalTestSuites)}) in ${process.argv[2]} s; logs in .e2e/run/`);
  ' "$PWD/$results" "$(( $(date +%s) - start ))" || status=1
else
  # jest has been seen to exit 0 when its global set-up failed: no results is a failure.
  status=1
  echo "[e2e] FAILED before any test ran ($(( $(date +%s) - start )) s); logs in .e2e/run/"
fi
exit $status
