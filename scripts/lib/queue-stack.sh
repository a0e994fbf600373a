# Sourced by scripts/test-e2e-queue.sh and scripts/bench-queue.sh (after scripts/env.sh, from the
# repository root): starts the queue-mode stack of test/e2e/queue/stack.ts (a private Postgres and
# Redis, the emulator, a local npm registry and its proxy, n8n as one main and two workers, each
# installing the package itself from N8N_COMMUNITY_PACKAGES) and stops everything it started when the
# script exits, also on failure or Ctrl+C. Logs, the pids file and stack.json in .e2e/queue/.
# WF_QUEUE_PORT_FROM / WF_QUEUE_PORT_TO: the port range (default 15400-15499; stacks of several
# checkouts on one machine start one at a time, each on ports the others left free);
# WF_QUEUE_TIME_REGISTRATIONS: the emulator's generated time registrations (default 3000);
# WF_QUEUE_N8N_LOG_LEVEL: n8n's log level in the stack (default info; debug shows the scheduler's decisions).
# WF_QUEUE_N8N_DEFAULT_LOCKS=1: n8n's default job lock times (the suite shortens them for the crash case).
# WF_QUEUE_WORKER_NODE_OPTIONS: NODE_OPTIONS of the two workers (bench only: scripts/bench-queue.sh's memory sampler).

queue_dir="$PWD/.e2e/queue"
pids="$queue_dir/pids"

# Every process of the stack leads its own process group and is listed in $pids as it starts.
# n8n and the emulator first (SIGTERM to each group), then Redis, Postgres (SIGINT: its fast
# shutdown), the registry and its proxy, each pass waiting up to 20 s; SIGKILL for whatever is still there.
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

# start_stack: builds and packs the package, then starts the stack; `$start` (date +%s) is the
# script's start, for the durations it prints.
start_stack() {
  local tool n8n_dir tarball
  for tool in redis-server; do
    command -v "$tool" >/dev/null || { echo "[queue] $tool is missing: apt-get install -y postgresql redis-server"; exit 1; }
  done
  rm -rf "$queue_dir"; mkdir -p "$queue_dir"
  if [ -z "${WF_E2E_BUILT:-}" ]; then
    npm run build --silent
    bash scripts/build-dev.sh
  fi
  n8n_dir="$(bash scripts/ensure-n8n.sh)"
  echo "[queue] n8n runtime: $n8n_dir ($(( $(date +%s) - start )) s)"
  bash scripts/ensure-registry.sh
  tarball="$(npm pack --silent --pack-destination "$queue_dir" | tail -1)"
  # The stack takes the first free ports of a fixed range, found free before its services bind them:
  # two checkouts starting at once took the same ones (three CIs on one machine, 2026-12-02). One
  # start-up at a time on this machine, so each looks once the other's services listen; -o: the
  # services it spawns do not hold the lock.
  local lock="${TMPDIR:-/tmp}/n8n-nodes-workforce-queue-start.lock" rc=0
  flock -n "$lock" true || echo "[queue] another checkout's stack is starting: waiting for it"
  flock -w 600 -E 75 -o "$lock" node .build/test/e2e/queue/stack.js "$queue_dir/$tarball" || rc=$?
  [ "$rc" != 75 ] || echo "[queue] another checkout's stack was still starting after 600 s: giving up"
  [ "$rc" = 0 ] || exit "$rc"
  echo "[queue] stack up after $(( $(date +%s) - start )) s"
}
