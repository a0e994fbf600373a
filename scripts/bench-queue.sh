#!/usr/bin/env bash
# `npm run bench:queue`: the trigger backfill in a real n8n in queue mode (bench/queueBackfill.ts),
# figures for BENCHMARKS.md. Starts the queue-mode stack of the e2e suite (scripts/lib/queue-stack.sh:
# Postgres, Redis, the emulator with BENCH_BACKFILL_RECORDS time registrations, default 1,000,000,
# n8n main + 2 workers), runs the backfill with BENCH_MAX_CHANGES per poll (default 10,000), prints
# one markdown table (also in .e2e/queue/bench-result.md) and stops everything it started. Takes
# minutes. Another checkout's queue suite may run at the same time on other ports: set
# WF_QUEUE_PORT_FROM / WF_QUEUE_PORT_TO. BENCH_QUEUE_SUITE=fileParts runs the File output in parts
# instead (bench/queueFileParts.ts: NDJSON and gzip, binary data in Postgres).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
source scripts/env.sh
start=$(date +%s)
export WF_QUEUE_TIME_REGISTRATIONS="${BENCH_BACKFILL_RECORDS:-1000000}"
# The main says in its debug log when a poll found nothing new (no table records it).
export WF_QUEUE_N8N_LOG_LEVEL="${WF_QUEUE_N8N_LOG_LEVEL:-debug}"
# n8n's own job lock times, not the suite's short ones (test/e2e/support/n8nEnv.ts).
export WF_QUEUE_N8N_DEFAULT_LOCKS=1
# BENCH_WORKER_MEMORY=1: each worker logs its memory split every 200 ms (bench/workerMemory.ts).
if [ "${BENCH_WORKER_MEMORY:-}" = 1 ]; then
  export WF_QUEUE_WORKER_NODE_OPTIONS="${WF_QUEUE_WORKER_NODE_OPTIONS:-} --require $PWD/.build/bench/workerMemory.js"
fi
source scripts/lib/queue-stack.sh
start_stack
case "${BENCH_QUEUE_SUITE:-backfill}" in
  backfill) node .build/bench/queueBackfill.js "$@" ;;
  fileParts) node .build/bench/queueFileParts.js "$@" ;;
  *) echo "[queue] BENCH_QUEUE_SUITE is backfill or fileParts"; exit 1 ;;
esac
echo "[queue] benchmark done after $(( $(date +%s) - start )) s; logs in .e2e/queue/"
