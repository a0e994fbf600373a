# Sourced by scripts/sandbox.sh (after lib/progress.sh): what a start still has to install, so it
# can say so up front with the expected durations. Reads only; installs nothing.

_wf_cache="${WF_TOOLS_CACHE:-$HOME/.cache/n8n-nodes-workforce}"

# wf_missing node24|deps|n8n: true when that part must be installed by this start.
wf_missing() {
  case "$1" in
    node24)
      # scripts/env.sh uses the machine's node when it is 24 or newer.
      node -v 2>/dev/null | grep -q '^v2[4-9]\.' && return 1
      local bin="$_wf_cache/node24/node_modules/node/bin/node"
      ! { [ -x "$bin" ] && "$bin" -v 2>/dev/null | grep -q '^v24\.'; } ;;
    deps)
      [ -L node_modules ] && return 1
      ! { [ -f node_modules/.wf-lock-stamp ] && cmp -s package-lock.json node_modules/.wf-lock-stamp; } ;;
    n8n)
      [ ! -f "$_wf_cache/n8n-${N8N_VERSION:-2.41.1}/.ready" ] ;;
    *) echo "wf_missing: unknown part $1" >&2; return 2 ;;
  esac
}

# wf_expect part "when present" "when missing": the expected-duration text for a step.
wf_expect() {
  if wf_missing "$1"; then echo "$3"; else echo "$2"; fi
}

# A notice before the first step when this start installs anything, with the total to expect.
wf_first_start_notice() {
  local parts=() minutes=1
  if wf_missing node24; then parts+=("Node 24 (about 30 s)"); fi
  if wf_missing deps; then parts+=("the dev dependencies (1-3 min)"); minutes=$((minutes + 2)); fi
  if wf_missing n8n; then parts+=("n8n ${N8N_VERSION:-2.41.1} (about 6 min, 3 GB)"); minutes=$((minutes + 6)); fi
  [ "${#parts[@]}" -eq 0 ] && return 0
  local list; list="$(printf '%s, ' "${parts[@]}")"
  wf_say "First start: installing ${list%, } into this clone and $_wf_cache."
  local unit=minutes; [ "$minutes" -eq 1 ] && unit=minute
  wf_say "Expect about $minutes $unit in all. Each step below says what it does; long installs print a"
  wf_say "line every ${WF_HEARTBEAT_SECONDS:-30} s. Later starts reuse what is installed and take under a minute."
}
