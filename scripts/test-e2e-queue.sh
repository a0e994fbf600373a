#!/usr/bin/env bash
# `npm run test:e2e:queue`: the package in n8n's queue mode, as teams run it when they scale out.
# Builds and packs the package, then starts (test/e2e/queue/stack.ts) a private Postgres and Redis,
# the emulator, and n8n 2.41.1 as one main and two `n8n worker` processes, the package installed on
# each; runs every e2e case plus test/e2e/queue/ there (jest.e2e-queue.config.js); and stops
# everything it started on exit, also on failure or Ctrl+C. Logs in .e2e/queue/. Needs Postgres and
# Redis binaries (Debian: `apt-get install -y postgresql redis-server`). Extra arguments go to jest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
source scripts/env.sh
start=$(date +%s)
queue_dir="$PWD/.e2e/queue"
pids="$queue_dir/pids"

# Every process of the stack leads its own process group and is listed in $pids as it starts.
# n8n and the emulator first (SIGTERM to each group), then Redis and Postgres (SIGINT: its fast
# shutdown), each pass waiting up to 20 s; SIGKILL for whatever is still there.
stop_group() { # $1: regex of the names to stop
  local pid signal name left
  while read -r pid signal name; do
    [[ "$name" =~ $1 ]] && kill "-$signal" -- "-$pid" 2>/dev/null || true
  done < <(tac "$pids")
  for _ in $(seq 1 40); do
    left=0
    while read -r pid signal name; do [[ "$name" =~ $1 ]] && kill -0 "$pid" 2>/dev/null && left=1; done < "$pids"
    [ "$left" = 0 ] && return 0
    sleep 0.5
  done
  while read -r pid signal name; do
    if [[ "$name" =~ $1 ]] && kill -0 "$pid" 2>/dev/null; then echo "[queue] $name (pid $pid) did not stop: killed"; kill -KILL -- "-$pid" 2>/dev/null || true; fi
  done < "$pids"
}
stop_stack() {
  [ -f "$pids" ] || return 0
  stop_group '^(main|worker-.*|emulator)$'
  stop_group '.'
  rm -f "$pids"
  data_dir="$(node -p "require('$queue_dir/stack.json').dataDir" 2>/dev/null || true)"
  [ -n "$data_dir" ] && rm -rf "$data_dir"
  echo "[queue] stack stopped"
}
trap stop_stack EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

for tool in redis-server; do
  command -v "$tool" >/dev/null || { echo "[queue] $tool is missing: apt-get install -y postgresql redis-server"; exit 1; }
done
rm -rf "$queue_dir"; mkdir -p "$queue_dir"

npm run build --silent
bash scripts/build-dev.sh
n8n_dir="$(bash scripts/ensure-n8n.sh)"
echo "[queue] n8n runtime: $n8n_dir ($(( $(date +%s) - start )) s)"
tarball="$(npm pack --silent --pack-destination "$queue_dir" | tail -1)"
node .build/test/e2e/queue/stack.js "$queue_dir/$tarball"
echo "[queue] stack up after $(( $(date +%s) - start )) s"

status=0
results="$queue_dir/results.json"
npx jest -c jest.e2e-queue.config.js --runInBand --json --outputFile="$results" "$@" || status=$?
if [ -f "$results" ]; then
  node -e '
    const r = require(process.argv[1]);
    const s = (n) => (n === 1 ? "" : "s");
    console.log(`[queue] ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped (${r.numTotalTests} test${s(r.numTotalTests)} in ${r.numTotalTestSuites} file${s(r.numTotalTestSuites)}) in ${process.argv[2]} s; logs in .e2e/queue/`);
  ' "$results" "$(( $(date +%s) - start ))"
else
  echo "[queue] FAILED before any test ran ($(( $(date +%s) - start )) s); logs in .e2e/queue/"
fi
exit $status
