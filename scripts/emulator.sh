#!/usr/bin/env bash
# `npm run emulator`: the service emulator with demo data, in the foreground.
# WORKFORCE_EMULATOR_LATENCY=internet answers as the live service across the internet would
# (time to first byte, server time per record, bandwidth per connection, 429 above 8 requests
# at once; test/emulator/core/latency.ts); unset or `loopback`, it answers at loopback speed.
# WORKFORCE_EMULATOR_CLOCK and WORKFORCE_EMULATOR_TIME_REGISTRATIONS: see test/emulator/main.ts.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build-dev.sh
source scripts/env.sh
exec node .build/test/emulator/main.js
