#!/usr/bin/env bash
# `npm run test:calendar`: the calendar sweep (docs/development.md, "Calendar sweep"): one jest run
# of test/calendar/ at every instant and zone pair of test/calendar/instants.ts. It fails when it
# runs past its cap, WF_CALENDAR_CAP_SECONDS (default 300; 118 s here at a load average of 10,
# under a minute on a quiet machine), so it stays a small part of CI's 30 minutes. Extra arguments
# go to jest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
source scripts/env.sh
cap="${WF_CALENDAR_CAP_SECONDS:-300}"
status=0
timeout --foreground "$cap" npx jest -c jest.calendar.config.js "$@" || status=$?
if [ "$status" = 124 ]; then
  echo "test:calendar: stopped after its cap of ${cap} s (WF_CALENDAR_CAP_SECONDS). A new row of instants or cases costs time: keep the sweep to a few minutes."
fi
exit "$status"
