#!/usr/bin/env bash
# A third-party client: the MCP Inspector's CLI lists the tools and calls each one over stdio.
# Any failed call (exit 5 = the tool returned isError, 1 = protocol error) fails CI.
set -euo pipefail
root=${ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
server="$root/.venv/bin/supervisor-mcp"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm init -y >/dev/null 2>&1 && npm install --no-audit --no-fund --loglevel=error \
    @modelcontextprotocol/inspector@latest >/dev/null)
inspector() {
    "$work/node_modules/.bin/mcp-inspector" --cli --format json -e SUPERVISOR_DB="$work/db.sqlite3" \
        "$server" serve "$@"
}
task="Build the search index for the docs folder and report how many pages it holds."
steps='[{"tool":"bash","args":{"command":"sed -n 1,100p docs/index.md"},"result":"# Docs","error":false},{"tool":"bash","args":{"command":"sed -n 101,200p docs/index.md"},"result":"## Pages","error":false},{"tool":"bash","args":{"command":"sed -n 201,300p docs/index.md"},"result":"## More","error":false}]'
page=$(cat "$root/supervisor_mcp/scenarios/news_page.html")

inspector --method tools/list > "$work/tools.json"
for tool in error_analysis inefficiency_analysis sub_agent_result_synthesis supervisor_capabilities; do
    grep -q "\"$tool\"" "$work/tools.json" || { echo "inspector: tool $tool not listed"; exit 1; }
done
inspector --method tools/call --tool-name error_analysis --tool-arg task="$task" \
    --tool-arg "error=ModuleNotFoundError: No module named 'yaml'" --tool-arg session_id=ci > "$work/1.json"
inspector --method tools/call --tool-name inefficiency_analysis --tool-arg task="$task" \
    --tool-arg recent_steps="$steps" --tool-arg session_id=ci > "$work/2.json"
inspector --method tools/call --tool-name sub_agent_result_synthesis --tool-arg task="$task" \
    --tool-arg result="$page" --tool-arg session_id=ci > "$work/3.json"
inspector --method tools/call --tool-name supervisor_capabilities > "$work/4.json"
grep -q '"missing_dependency"' "$work/1.json" || { echo "inspector: unexpected error_analysis result"; cat "$work/1.json"; exit 1; }
inspector --method resources/read --uri supervisor://capabilities > /dev/null
inspector --method prompts/get --prompt-name host_system_prompt_patch --prompt-args host=generic > /dev/null
echo "inspector: listed 4 tools and called each one successfully"
