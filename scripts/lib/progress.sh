# Sourced by the sandbox and install scripts: says what a long first start is doing, so it is never
# silent for minutes. Messages go to stderr (scripts print results such as folders on stdout).
# WF_HEARTBEAT_SECONDS: seconds between "still ..." lines (default 30). WF_PROGRESS_PREFIX: the
# tag in front of each line (`setup`; the sandbox sets `sandbox`).

_wf_progress_t0="${_wf_progress_t0:-$(date +%s)}"

# Seconds as "4 min 05 s" or "12 s".
wf_duration() {
  local s="$1"
  if [ "$s" -ge 60 ]; then printf '%d min %02d s' $((s / 60)) $((s % 60)); else printf '%d s' "$s"; fi
}

# wf_step N TOTAL "what" ["expected duration"]: one numbered line, with the time since the start.
wf_step() {
  local n="$1" total="$2" what="$3" expected="${4:-}"
  local elapsed=$(( $(date +%s) - _wf_progress_t0 ))
  echo "[${WF_PROGRESS_PREFIX:-setup}] ${n}/${total} ${what}${expected:+ (${expected})}  [$(wf_duration "$elapsed")]" >&2
}

# wf_say "text": a line under the current step.
wf_say() {
  echo "[${WF_PROGRESS_PREFIX:-setup}]     $*" >&2
}

# wf_with_heartbeat "what" command...: runs the command; while it runs, prints "still <what>" every
# WF_HEARTBEAT_SECONDS with the time spent and, when WF_HEARTBEAT_DIR is set, how much that folder
# holds so far. Answers the command's exit status.
wf_with_heartbeat() {
  local what="$1"; shift
  local every="${WF_HEARTBEAT_SECONDS:-30}"
  local started; started="$(date +%s)"
  "$@" &
  local pid=$!
  (
    # Stopped at once when the command ends: no sleep left behind holding the terminal.
    sp=""
    trap 'kill "$sp" 2>/dev/null; exit 0' TERM
    while :; do
      sleep "$every" & sp=$!
      wait "$sp"
      kill -0 "$pid" 2>/dev/null || exit 0
      local size=""
      if [ -n "${WF_HEARTBEAT_DIR:-}" ] && [ -d "$WF_HEARTBEAT_DIR" ]; then
        size=", $(du -sh "$WF_HEARTBEAT_DIR" 2>/dev/null | cut -f1) on disk so far"
      fi
      echo "[${WF_PROGRESS_PREFIX:-setup}]     ... still ${what}: $(wf_duration $(( $(date +%s) - started )))${size}" >&2
    done
  ) &
  local beat=$!
  local status=0
  wait "$pid" || status=$?
  kill "$beat" 2>/dev/null || true
  wait "$beat" 2>/dev/null || true
  return "$status"
}
