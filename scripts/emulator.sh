#!/usr/bin/env bash
# `npm run emulator`: the service emulator with demo data, in the foreground.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build-dev.sh
source scripts/env.sh
exec node .build/test/emulator/main.js
