#!/usr/bin/env bash
# Compiles the emulator, tests' support code and benchmarks to .build/ for running outside jest.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
npx tsc -p tsconfig.dev.json
