#!/usr/bin/env bash
# Lines of the extraction engine set (issues 33 and 45: "the engine set"), per area, by `wc -l`.
# Usage: bash scripts/engine-lines.sh [REV]   (no REV: the working tree; a REV: that commit's files,
# older names included: partitions/scheduler.ts and payrollExport/sideBySide.ts became
# helpers/orderedRunner.ts, transport/body.ts's watchdog n8nInternals/bodyWatchdog.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
rev="${1:-}"
D=nodes/Workforce/resources/dataExtraction
X=nodes/shared/extraction
areas=(
  "File output + byte source|^$D/output/[^/]*\.ts$|^nodes/shared/n8nInternals/byteSource\.ts$"
  "Request, page stream, partitions, runner|^$X/(pageRequest|pageLoop|pageDecoder|retryPolicy)\.ts$|^nodes/shared/transport/body\.ts$|^nodes/shared/n8nInternals/bodyWatchdog\.ts$|^$D/pageStream\.ts$|^$D/partitions/[^/]*\.ts$|^nodes/Workforce/helpers/orderedRunner\.ts$|^nodes/Workforce/resources/payrollExport/sideBySide\.ts$"
  "Endpoint tables|^$X/(endpoints|endpointChoice|payrollLineFilters)\.ts$"
  "Resume|^nodes/Workforce/helpers/resume\.ts$|^$D/resume\.ts$|^nodes/Workforce/resources/payrollExport/resume\.ts$"
)
if [ -n "$rev" ]; then files=$(git ls-tree -r --name-only "$rev" nodes); else files=$(git ls-files nodes); fi
count() { if [ -n "$rev" ]; then git show "$rev:$1" | wc -l; else wc -l < "$1"; fi; }
total=0; nfiles=0
for area in "${areas[@]}"; do
  name="${area%%|*}"; pattern="${area#*|}"; sum=0; n=0
  for f in $(grep -E "$pattern" <<<"$files"); do sum=$((sum + $(count "$f"))); n=$((n + 1)); done
  printf '%6d  %2d files  %s\n' "$sum" "$n" "$name"
  total=$((total + sum)); nfiles=$((nfiles + n))
done
printf '%6d  %2d files  total\n' "$total" "$nfiles"
