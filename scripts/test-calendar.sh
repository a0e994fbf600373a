#!/usr/bin/env bash
# `npm run test:calendar`: the calendar sweep (docs/development.md, "Calendar sweep"): one jest run
# of test/calendar/ at every instant and zone pair of test/calendar/instants.ts. It fails when it
# uses more CPU than its cap, WF_CALENDAR_CAP_CPU_SECONDS (default 600, user + system seconds of jest
# and its workers), so it stays a small part of CI's 30 minutes. CPU, not wall time: on a busy
# machine (load 20 on 2 cores) the sweep took over 300 s of wall time for the same work. Extra
# arguments go to jest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
source scripts/env.sh
cap="${WF_CALENDAR_CAP_CPU_SECONDS:-600}"
status=0
npx jest -c jest.calendar.config.js "$@" || status=$?
# `times` in this shell: the CPU of its finished children (jest and, reaped by it, its workers).
times_file="$(mktemp)"
times >"$times_file"
cpu="$(awk 'NR == 2 { t = 0; for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); t += a[1] * 60 + a[2] } printf "%.0f", t }' "$times_file")"
rm -f "$times_file"
echo "test:calendar: ${cpu} CPU seconds (cap ${cap}, WF_CALENDAR_CAP_CPU_SECONDS)"
if [ "$cpu" -gt "$cap" ]; then
  echo "test:calendar: over its cap of ${cap} CPU seconds. A new row of instants or cases costs time: keep the sweep to a few minutes."
  [ "$status" = 0 ] && status=1
fi
exit "$status"
