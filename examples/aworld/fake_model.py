"""A scripted OpenAI-compatible chat model on 127.0.0.1 that plays an agent under the aworld patch.

It plays the agent an LLM would be after reading the patched system prompt: on the tool error it
calls error_analysis before retrying, after seven `sed -n` pages it reviews with
inefficiency_analysis, it sends the long press-release page to sub_agent_result_synthesis, reviews
once more and answers from the synthesis. It only calls a tool when the system prompt tells it to
(names it) and the request offers it, so a missing or broken patch shows up as missing calls.

Stdlib only. Run: python fake_model.py --port-file PORT_FILE --state STATE.json [--log requests.jsonl]
"""

from __future__ import annotations

import argparse
import json
import random
import re
import string
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import scenario

SUPERVISOR_TOOLS = ("error_analysis", "inefficiency_analysis", "sub_agent_result_synthesis")


def text_of(content: Any) -> str:
    """AWorld sends tool results as a list of content parts, other clients as a string."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(p.get("text", "") for p in content if isinstance(p, dict))
    return ""


def supervisor_reply(text: str) -> dict[str, Any]:
    """The supervisor's JSON result inside a tool message, or {} when the call failed."""
    start = text.find("{")
    try:
        value = json.loads(text[start:]) if start >= 0 else {}
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def comment(tool: str, reply: dict[str, Any]) -> str:
    if not reply:
        return f"The {tool} call failed; continuing without the supervisor for this step."
    note = reply.get("supervisor_note") or reply.get("fix") or reply.get("guidance") or ""
    return f"Supervisor ({tool}): action={reply.get('action', '?')}. {note}".strip()


def answer_from(synthesis: str) -> str:
    """The figure for 2023 new water mains, read from the supervisor's synthesis only."""
    for sentence in re.split(r"(?<=[.!?])\s+|\n", synthesis):
        if "2023" in sentence and re.search(r"new water mains?", sentence, re.I):
            found = re.search(r"(\d+(?:\.\d+)?)\s*(?:km|kilomet)", sentence, re.I)
            if found:
                return found.group(1)
    return "not found"


class Agent:
    """Decides the next assistant message from the conversation so far (stateless but for ids)."""

    def __init__(self, state_path: Path) -> None:
        self.state_path = state_path
        self.sessions: dict[str, str] = {}
        self.lock = threading.Lock()
        self.state: dict[str, Any] = {"requests": 0, "tool_calls": [], "session_id": None}

    def session_for(self, task: str) -> str:
        # One stable id per run, chosen at the first supervisor call, as the patch asks.
        with self.lock:
            if task not in self.sessions:
                suffix = "".join(random.choices(string.ascii_lowercase + string.digits, k=8))
                self.sessions[task] = f"run-{suffix}"
            return self.sessions[task]

    def record(self, tool_call: str = "", **fields: Any) -> None:
        with self.lock:
            self.state.update(fields)
            if tool_call:
                self.state["tool_calls"].append(tool_call)
            self.state_path.write_text(json.dumps(self.state, indent=2))

    def next_message(self, body: dict[str, Any]) -> dict[str, Any]:
        messages = body.get("messages") or []
        system = "\n".join(text_of(m.get("content")) for m in messages if m.get("role") == "system")
        users = [text_of(m.get("content")) for m in messages if m.get("role") == "user"]
        task = users[0].strip() if users else ""
        offered = {t.get("function", {}).get("name") for t in body.get("tools") or []}
        usable = [t for t in SUPERVISOR_TOOLS if t in system and t in offered]
        names = {c["id"]: c["function"]["name"] for m in messages for c in (m.get("tool_calls") or [])}
        replies = [(names.get(m.get("tool_call_id"), "?"), supervisor_reply(text_of(m.get("content"))))
                   for m in messages if m.get("role") == "tool"]
        self.record(requests=self.state["requests"] + 1, task=task, tools_offered=sorted(t for t in offered if t),
                    system_prompt_names_tools=[t for t in SUPERVISOR_TOOLS if t in system],
                    task_in_system_prompt=bool(task) and task in system,
                    raw_placeholder_left="{{task}}" in system)
        synthesis = next((r.get("synthesis", "") for n, r in replies if n == SUPERVISOR_TOOLS[2]), "")
        last = comment(*replies[-1]) if replies else ""
        # An agent whose prompt does not name a tool (or whose host does not offer it) never calls it.
        plan = [s for s in self.plan(last, synthesis) if s[1] in usable]
        step = plan[len(replies)] if len(replies) < len(plan) else None
        if step is None:
            answer = answer_from(synthesis)
            self.record(answer=answer)
            return {"role": "assistant", "content": f"{last}\nThe synthesis of the news release states the "
                    f"2023 figure.\n<answer>{answer}</answer>"}
        narration, tool, args = step
        args = {"task": task, "session_id": self.session_for(task), "agent_name": "gaia_super_agent", **args}
        self.record(tool_call=tool, session_id=args["session_id"])
        call = {"id": f"call_{len(replies) + 1}_{tool}", "type": "function",
                "function": {"name": tool, "arguments": json.dumps(args)}}
        return {"role": "assistant", "content": narration, "tool_calls": [call]}

    @staticmethod
    def plan(last: str, synthesis: str) -> list[tuple[str, str, dict[str, Any]]]:
        """(narration, tool, arguments) per step; `last` is the previous supervisor reply, applied."""
        pages = scenario.paging_steps()
        later = [
            pages[-1],
            {"tool": "bash", "args": scenario.GREP_ACTION, "result": scenario.GREP_RESULT, "error": False},
            {"tool": "fetch_url", "args": scenario.PAGE_URL, "result": scenario.PAGE_HTML[:300], "error": False},
            {"tool": "sub_agent_result_synthesis", "args": scenario.PAGE_URL,
             "result": synthesis[:300], "error": False},
        ]
        return [
            ("Plan: (find the report, read the 2023 network figures, answer). I ran "
             f"`{scenario.FAILED_ACTION}` and it failed. Asking error_analysis before retrying.",
             "error_analysis",
             {"error": scenario.TRACEBACK, "action": scenario.FAILED_ACTION, "sub_task": "extract report tables",
              "recent_steps": json.dumps([{"tool": "bash", "args": scenario.FAILED_ACTION,
                                           "result": scenario.TRACEBACK, "error": True}])}),
            (f"{last}\nI converted the PDF with pdftotext instead and read it with sed, "
             "200 lines at a time; seven pages so far and no mains figure. Thinking Process Reviewing: "
             "asking inefficiency_analysis.",
             "inefficiency_analysis",
             {"recent_steps": json.dumps(pages), "step_count": 8, "sub_task": "find the 2023 mains figure"}),
            (f"{last}\nI searched instead of paging: `{scenario.GREP_ACTION}` "
             f"points to a news release; fetching {scenario.PAGE_URL} returned {len(scenario.PAGE_HTML)} "
             "characters of HTML. Sending it to sub_agent_result_synthesis.",
             "sub_agent_result_synthesis",
             {"result": scenario.PAGE_HTML, "source": scenario.PAGE_URL, "sub_task": "find the 2023 mains figure"}),
            (f"{last}\nThinking Process Reviewing before the final answer: "
             "asking inefficiency_analysis.",
             "inefficiency_analysis",
             {"recent_steps": json.dumps(later), "step_count": 11, "sub_task": "answer"}),
        ]


def completion(body: dict[str, Any], message: dict[str, Any]) -> dict[str, Any]:
    prompt_chars = len(json.dumps(body.get("messages", [])))
    out_chars = len(json.dumps(message))
    return {
        "id": f"chatcmpl-{int(time.time() * 1000)}", "object": "chat.completion", "created": int(time.time()),
        "model": body.get("model", "fake-model"),
        "choices": [{"index": 0, "message": message,
                     "finish_reason": "tool_calls" if message.get("tool_calls") else "stop"}],
        "usage": {"prompt_tokens": prompt_chars // 4, "completion_tokens": out_chars // 4,
                  "total_tokens": (prompt_chars + out_chars) // 4},
    }


def chunks(full: dict[str, Any]) -> list[dict[str, Any]]:
    """The same completion as stream chunks, for hosts configured with llm_stream_call=True."""
    message, choice = full["choices"][0]["message"], full["choices"][0]
    delta: dict[str, Any] = {"role": "assistant", "content": message.get("content") or ""}
    if message.get("tool_calls"):
        delta["tool_calls"] = [dict(c, index=i) for i, c in enumerate(message["tool_calls"])]
    base = {k: full[k] for k in ("id", "created", "model")} | {"object": "chat.completion.chunk"}
    return [base | {"choices": [{"index": 0, "delta": delta, "finish_reason": None}]},
            base | {"choices": [{"index": 0, "delta": {}, "finish_reason": choice["finish_reason"]}]},
            base | {"choices": [], "usage": full["usage"]}]


def make_handler(agent: Agent, log: Path | None) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, fmt: str, *args: Any) -> None:  # keep stderr for real problems
            return

        def _send(self, code: int, payload: dict[str, Any]) -> None:
            data = json.dumps(payload).encode()
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:
            if self.path.rstrip("/").endswith("/models"):
                self._send(200, {"object": "list", "data": [{"id": "fake-model", "object": "model"}]})
            else:
                self._send(200, {"status": "ok"})

        def do_POST(self) -> None:
            if not self.path.rstrip("/").endswith("/chat/completions"):
                self._send(404, {"error": {"message": f"no route {self.path}"}})
                return
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
            if log:
                with log.open("a") as fh:
                    fh.write(json.dumps(body) + "\n")
            try:
                full = completion(body, agent.next_message(body))
            except Exception as exc:  # a scripting bug must surface in the agent's error, not hang it
                print(f"fake_model: {exc!r}", file=sys.stderr)
                self._send(500, {"error": {"message": f"fake model failed: {exc!r}"}})
                return
            if not body.get("stream"):
                self._send(200, full)
                return
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.end_headers()
            for chunk in chunks(full):
                self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
            self.wfile.write(b"data: [DONE]\n\n")

    return Handler


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument("--port-file", type=Path, required=True, help="written once listening")
    parser.add_argument("--state", type=Path, required=True, help="JSON: session id, calls made, answer")
    parser.add_argument("--log", type=Path, help="append every request body here (JSON lines)")
    args = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", args.port), make_handler(Agent(args.state), args.log))
    args.port_file.write_text(str(server.server_address[1]))
    server.serve_forever()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
