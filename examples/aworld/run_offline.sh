#!/usr/bin/env bash
# A real AWorld agent under the supervisor, fully offline: a scripted model on 127.0.0.1 plays the
# agent, AWorld runs it with the `aworld` system-prompt patch, and the supervisor answers over
# stdio and over streamable HTTP. The last line on stdout is a JSON verdict read from the
# supervisor's own session record; the exit status is non-zero unless all three tools were called.
#
# Environment (all optional):
#   AWORLD_VENV       aworld's own venv (default: examples/aworld/.aworld-venv, built on first run)
#   SUPERVISOR_VENV   the supervisor's venv (default: the repo's .venv, created if missing)
#   TRANSPORTS        "stdio http" (default), or one of them
#   RUN_TIMEOUT       seconds one agent run may take (default 300)
#   SYSTEM_PROMPT     "server" (default: the aworld patch as the supervisor serves it) or a file
#   KEEP_WORK=1       keep the temporary folder with every log (it is always kept on failure)
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
AWORLD_PIN=(aworld==0.3.2 "pydantic<2.14" scipy)  # aworld pip-installs scipy at import time if absent
AWORLD_VENV=${AWORLD_VENV:-$HERE/.aworld-venv}
SUPERVISOR_VENV=${SUPERVISOR_VENV:-$REPO/.venv}
TRANSPORTS=${TRANSPORTS:-"stdio http"}
RUN_TIMEOUT=${RUN_TIMEOUT:-300}
SYSTEM_PROMPT=${SYSTEM_PROMPT:-server}
STARTED=$SECONDS

if ! command -v timeout >/dev/null 2>&1; then
  timeout() { shift; "$@"; }  # macOS without coreutils: run without a time limit
fi

say() { echo "[run_offline] $*" >&2; }
die() { echo "[run_offline] ERROR: $*" >&2; exit 1; }

pick_python() {
  for candidate in ${PYTHON:-} python3.11 python3.12 python3.13 python3; do
    if command -v "$candidate" >/dev/null 2>&1 &&
       "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
      echo "$candidate"; return 0
    fi
  done
  die "no Python >= 3.11 found (set PYTHON=/path/to/python3.11)"
}

ensure_supervisor() {
  if [[ ! -x "$SUPERVISOR_VENV/bin/python" ]]; then
    say "creating the supervisor venv at $SUPERVISOR_VENV"
    local py; py=$(pick_python) || exit 1
    "$py" -m venv "$SUPERVISOR_VENV"
  fi
  if [[ ! -x "$SUPERVISOR_VENV/bin/supervisor-mcp" ]] ||
     ! "$SUPERVISOR_VENV/bin/python" -c 'import supervisor_mcp.server' 2>/dev/null; then
    say "installing the supervisor from $REPO into $SUPERVISOR_VENV"
    timeout 1200 "$SUPERVISOR_VENV/bin/python" -m pip install -q -e "$REPO" >"$WORK/pip-supervisor.log" 2>&1 ||
      die "pip install -e $REPO failed: $(tail -5 "$WORK/pip-supervisor.log")"
  fi
  "$SUPERVISOR_VENV/bin/python" -c 'import supervisor_mcp.server' ||
    die "the supervisor does not import from $SUPERVISOR_VENV"
}

ensure_aworld() {
  local stamp="$AWORLD_VENV/.example-ready"
  if [[ -f "$stamp" && "$(cat "$stamp")" == "${AWORLD_PIN[*]}" ]]; then return 0; fi
  say "building aworld's venv at $AWORLD_VENV (about 0.5 GB, 1-2 minutes; cached afterwards)"
  rm -rf "$AWORLD_VENV"
  local py; py=$(pick_python) || exit 1
  "$py" -m venv "$AWORLD_VENV"
  timeout 1200 "$AWORLD_VENV/bin/python" -m pip install -q "${AWORLD_PIN[@]}" >"$WORK/pip-aworld.log" 2>&1 ||
    die "pip install ${AWORLD_PIN[*]} failed: $(tail -5 "$WORK/pip-aworld.log")"
  "$AWORLD_VENV/bin/python" -c 'import aworld.agents.llm_agent, aworld.runner' >/dev/null 2>&1 ||
    die "aworld does not import from $AWORLD_VENV"
  echo "${AWORLD_PIN[*]}" >"$stamp"
}

free_port() {
  "$SUPERVISOR_VENV/bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

wait_for() {  # wait_for SECONDS COMMAND...: poll until COMMAND succeeds
  local deadline=$((SECONDS + $1)); shift
  until "$@" >/dev/null 2>&1; do
    ((SECONDS < deadline)) || return 1
    sleep 0.2
  done
}

port_open() {
  "$SUPERVISOR_VENV/bin/python" -c 'import socket, sys; socket.create_connection(("127.0.0.1", int(sys.argv[1])), 1).close()' "$1"
}

PIDS=()
WORK=$(mktemp -d "${TMPDIR:-/tmp}/aworld-offline.XXXXXX")
cleanup() {
  local status=$?
  for pid in "${PIDS[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  for pid in "${PIDS[@]}"; do
    wait "$pid" 2>/dev/null || true
  done
  if [[ $status -eq 0 && "${KEEP_WORK:-0}" != 1 ]]; then
    rm -rf "$WORK"
  else
    say "logs kept in $WORK"
  fi
  exit $status
}
trap cleanup EXIT
trap 'exit 130' INT TERM

ensure_supervisor
ensure_aworld
SUPERVISOR_BIN="$SUPERVISOR_VENV/bin/supervisor-mcp"
say "setup done in $((SECONDS - STARTED)) s"

# Keep AWorld's logs, memory and token files out of the repo and the home folder, never touch the
# network for tiktoken (the encoding ships inside aworld), and keep loopback off any proxy.
AWORLD_SITE=$("$AWORLD_VENV/bin/python" -c 'import aworld, os; print(os.path.dirname(aworld.__file__))' 2>/dev/null)
mkdir -p "$WORK/tiktoken"
cp "$AWORLD_SITE/config/cl100k_base.tiktoken" "$WORK/tiktoken/9b5ad71b2ce5302211f9c61530b329a4922fc6a4"
# AWorld sends stdio servers' stderr to /dev/null unless asked to keep it (in its log folder).
export TIKTOKEN_CACHE_DIR="$WORK/tiktoken" AWORLD_DISABLE_CONSOLE_LOG=true AWORLD_PRESERVE_MCP_LOGS=true
export NO_PROXY="127.0.0.1,localhost${NO_PROXY:+,$NO_PROXY}" no_proxy="127.0.0.1,localhost${no_proxy:+,$no_proxy}"
# The heuristic engine: no model, no key, nothing leaves the machine.
export SUPERVISOR_MODEL="" SUPERVISOR_LOG_LEVEL=INFO
TASK=$(cd "$HERE" && "$AWORLD_VENV/bin/python" -c 'import scenario; print(scenario.TASK)')
[[ $SYSTEM_PROMPT == server ]] || SYSTEM_PROMPT=$(realpath "$SYSTEM_PROMPT")

run_one() {  # run_one TRANSPORT: one agent run; leaves $WORK/$1/{agent,session,model}.json
  local transport=$1 dir="$WORK/$1" port agent_args=()
  mkdir -p "$dir"
  export SUPERVISOR_DB="$dir/supervisor.sqlite3" AWORLD_LOG_PATH="$dir/aworld-logs" AWORLD_MEMORY_ROOT="$dir/aworld-memory"

  "$AWORLD_VENV/bin/python" "$HERE/fake_model.py" --port-file "$dir/model.port" --state "$dir/model.json" \
    --log "$dir/model-requests.jsonl" 2>"$dir/model.stderr" &
  PIDS+=($!)
  wait_for 30 test -s "$dir/model.port" || die "the scripted model did not start: $(cat "$dir/model.stderr")"
  export LLM_PROVIDER=openai LLM_MODEL_NAME=scripted-agent LLM_API_KEY=sk-offline
  export LLM_BASE_URL="http://127.0.0.1:$(cat "$dir/model.port")/v1"

  if [[ $transport == http ]]; then
    port=$(free_port)
    (cd "$dir" && exec "$SUPERVISOR_BIN" serve --transport http --host 127.0.0.1 --port "$port") 2>"$dir/supervisor.stderr" &
    PIDS+=($!)
    wait_for 60 port_open "$port" ||
      die "supervisor-mcp serve --transport http did not listen on $port: $(tail -5 "$dir/supervisor.stderr")"
    agent_args=(--transport http --supervisor-url "http://127.0.0.1:$port/mcp")
  else
    agent_args=(--transport stdio --supervisor-command "$SUPERVISOR_BIN")
  fi

  say "$transport: running the AWorld agent (timeout ${RUN_TIMEOUT}s)"
  local t0=$SECONDS
  (cd "$dir" && timeout "$RUN_TIMEOUT" "$AWORLD_VENV/bin/python" "$HERE/agent.py" --task "$TASK" \
    --system-prompt "$SYSTEM_PROMPT" "${agent_args[@]}") \
    >"$dir/agent.stdout" 2>"$dir/agent.stderr" ||
    die "$transport: the agent run failed or timed out; see $dir/agent.stderr: $(tail -3 "$dir/agent.stderr")"
  tail -n 1 "$dir/agent.stdout" >"$dir/agent.json"
  say "$transport: agent finished in $((SECONDS - t0)) s"

  local session model_session
  session=$("$SUPERVISOR_VENV/bin/python" -c 'import json, sys; print(json.load(open(sys.argv[1]))["session_id"])' "$dir/agent.json")
  model_session=$("$SUPERVISOR_VENV/bin/python" -c 'import json, sys; print(json.load(open(sys.argv[1])).get("session_id") or "")' "$dir/model.json")
  local where=(--command "$SUPERVISOR_BIN")
  [[ $transport == http ]] && where=(--url "http://127.0.0.1:$port/mcp")
  # AWorld writes its own session id into the tools' session_id argument; the model's own id is
  # the fallback should a later AWorld stop doing that.
  (cd "$dir" && "$SUPERVISOR_VENV/bin/python" "$HERE/read_session.py" "${where[@]}" \
    --session-id "$session" ${model_session:+--session-id "$model_session"}) >"$dir/session.json" 2>"$dir/read_session.stderr" ||
    echo '{}' >"$dir/session.json"
}

for transport in $TRANSPORTS; do
  case $transport in stdio|http) run_one "$transport" ;; *) die "unknown transport '$transport' (use stdio and/or http)" ;; esac
done

"$SUPERVISOR_VENV/bin/python" - "$WORK" $((SECONDS - STARTED)) $TRANSPORTS <<'PY'
import json, sys
from pathlib import Path

work, elapsed, transports = Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
tools = ("error_analysis", "inefficiency_analysis", "sub_agent_result_synthesis")
runs, missing = {}, []
for t in transports:
    agent = json.loads((work / t / "agent.json").read_text())
    session = json.loads((work / t / "session.json").read_text() or "{}")
    model = json.loads((work / t / "model.json").read_text())
    called = session.get("calls_by_tool", {})
    missing += [f"{t}:{name}" for name in tools if not called.get(name)]
    runs[t] = {
        "supervisor_tools_called": called, "answer": agent.get("answer"),
        "session_id": session.get("session_id"), "interventions": session.get("interventions"),
        "chars_removed": session.get("chars_removed"), "aworld_success": agent.get("aworld_success"),
        "agent_elapsed_s": agent.get("elapsed_s"), "model_requests": model.get("requests"),
        "patch_named_tools": model.get("system_prompt_names_tools"),
        "task_rendered_in_prompt": model.get("task_in_system_prompt"),
    }
first = runs[transports[0]]
verdict = {"ok": not missing, "supervisor_tools_called": first["supervisor_tools_called"],
           "answer": first["answer"], "missing": missing, "elapsed_s": elapsed, "runs": runs}
if missing:
    print("[run_offline] ERROR: supervisor tools never called (per the supervisor's own record): "
          + ", ".join(missing) + f"; logs in {work}", file=sys.stderr)
print(json.dumps(verdict))
sys.exit(1 if missing else 0)
PY
