#!/usr/bin/env bash
# `npm run upgrade:fixture` (also npm's `version` step): saves the upgrade fixture of the version in
# package.json under test/upgrade/fixtures/<version>/ (one workflow per operation of the node, the
# trigger's static data after a few polls, and what each did), then runs it as later releases will.
# A release's fixture is never rewritten: set UPGRADE_FIXTURE_FORCE=1 only before it is released.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
source scripts/env.sh
npx jest --testMatch '**/test/upgrade/writeFixture.ts' --runInBand
npx prettier --write test/upgrade/fixtures >/dev/null
npx jest test/upgrade/upgrade.test.ts
