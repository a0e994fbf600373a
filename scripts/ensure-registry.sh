#!/usr/bin/env bash
# Installs the e2e suites' private npm registry (Verdaccio, test/e2e/registry) when it is missing or
# its lock file changed: its own folder, because Verdaccio 6.8.0 installs here only with an
# override that the package's package.json may not carry (community node rule). About 1 minute.
set -euo pipefail
cd "$(dirname "$0")/../test/e2e/registry"
source ../../../scripts/env.sh
stamp=node_modules/.wf-lock-stamp
if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  echo "[setup]     installing the e2e registry (Verdaccio, npm ci in test/e2e/registry): about 1 min" >&2
  npm ci --no-audit --no-fund --loglevel=error >&2
  cp package-lock.json "$stamp"
fi
