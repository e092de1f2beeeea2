"""An AWorld agent with the supervisor's `aworld` system-prompt patch and the supervisor as its MCP server.

Run it with aworld's own interpreter (aworld 0.3.2 pins mcp 1.10 and pydantic<2.14, so it cannot
share the supervisor's venv). The agent's model comes from the GAIA example's variables:
LLM_MODEL_NAME, LLM_API_KEY, LLM_BASE_URL, LLM_PROVIDER (default openai), LLM_TEMPERATURE.

    python agent.py --task "..."                       # stdio: AWorld starts `supervisor-mcp serve`
    python agent.py --transport http --supervisor-url http://127.0.0.1:8765/mcp --task "..."

Prints one JSON line: the answer, AWorld's success flag and the elapsed time. AWorld reports
success even when no MCP server started, so check the supervisor's own session record
(supervisor://sessions/{id}) to know that it was called.
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import json
import os
import re
import sys
import time
import uuid
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ENTRIES = {"stdio": "supervisor", "http": "supervisor-http"}
_VAR = re.compile(r"\$\{([^}]+)\}")


def resolve_env(block: dict[str, str]) -> dict[str, str]:
    """Fill ${VAR} from the environment and drop entries whose variable is unset.

    AWorld would pass an unset ${VAR} through as literal text (SUPERVISOR_MODEL="${SUPERVISOR_MODEL}"),
    and stdio servers do not inherit the parent's environment: dropping the entry lets the
    supervisor fall back to its own default instead.
    """
    out = {}
    for key, value in block.items():
        names = _VAR.findall(value)
        if all(name in os.environ for name in names):
            out[key] = _VAR.sub(lambda m: os.environ[m.group(1)], value)
    return out


def server_entry(config_path: Path, transport: str, command: str | None, url: str | None) -> dict[str, Any]:
    servers = json.loads(config_path.read_text())["mcpServers"]
    entry = copy.deepcopy(servers[ENTRIES[transport]])
    if transport == "stdio":
        entry["command"] = command or entry["command"]
        entry["env"] = resolve_env(entry.get("env", {}))
    elif url:
        entry["url"] = url
    return entry


async def fetch_patch(entry: dict[str, Any]) -> str:
    """The `aworld` patch as the supervisor serves it (MCP prompt host_system_prompt_patch)."""
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client
    from mcp.client.streamable_http import streamablehttp_client

    async def get(session: ClientSession) -> str:
        await session.initialize()
        result = await session.get_prompt("host_system_prompt_patch", {"host": "aworld"})
        return "".join(getattr(m.content, "text", "") for m in result.messages)

    if entry.get("type") == "streamable-http":
        async with streamablehttp_client(entry["url"]) as (read, write, _), ClientSession(read, write) as session:
            return await get(session)
    params = StdioServerParameters(command=entry["command"], args=entry.get("args", []), env=entry.get("env"))
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        return await get(session)


def build_agent(system_prompt: str, entry: dict[str, Any], extra: dict[str, Any]) -> Any:
    from aworld.agents.llm_agent import Agent
    from aworld.config.conf import AgentConfig

    missing = [v for v in ("LLM_MODEL_NAME", "LLM_API_KEY") if not os.environ.get(v)]
    if missing:
        raise SystemExit(f"agent.py: set {', '.join(missing)} (and LLM_BASE_URL for a non-OpenAI endpoint)")
    conf = AgentConfig(
        llm_provider=os.environ.get("LLM_PROVIDER", "openai"),
        llm_model_name=os.environ["LLM_MODEL_NAME"],
        llm_api_key=os.environ["LLM_API_KEY"],
        llm_base_url=os.environ.get("LLM_BASE_URL"),
        llm_temperature=float(os.environ.get("LLM_TEMPERATURE", "0.1")),
    )
    return Agent(
        name="gaia_super_agent",
        conf=conf,
        system_prompt=system_prompt,
        mcp_config={"mcpServers": {**extra, "supervisor": entry}},
        # Required: without it AWorld gives the agent no MCP tools and still reports success.
        mcp_servers=[*extra, "supervisor"],
    )


def main() -> int:
    parser = argparse.ArgumentParser(description="Run one task with an AWorld agent under the supervisor.")
    parser.add_argument("--task", required=True, help="the task, verbatim")
    parser.add_argument("--transport", choices=sorted(ENTRIES), default="stdio")
    parser.add_argument("--mcp-config", type=Path, default=HERE / "mcp.json")
    parser.add_argument("--supervisor-command", help="path to supervisor-mcp (default: mcp.json's command)")
    parser.add_argument("--supervisor-url", help="streamable-HTTP endpoint (default: mcp.json's url)")
    parser.add_argument("--extra-mcp-config", type=Path,
                        help="an mcp.json with the agent's working tools (e.g. GAIA's) to load beside the supervisor")
    parser.add_argument("--session-id", default=f"aworld-{uuid.uuid4().hex[:12]}",
                        help="AWorld's session id; AWorld writes it into every supervisor call's session_id")
    parser.add_argument("--system-prompt", default="server",
                        help="'server' (fetch the aworld patch from the supervisor) or a file path")
    args = parser.parse_args()

    entry = server_entry(args.mcp_config, args.transport, args.supervisor_command, args.supervisor_url)
    if args.system_prompt == "server":
        try:
            system_prompt = asyncio.run(fetch_patch(entry))
        except Exception as exc:  # AWorld would only log a warning later; stop here with the reason
            where = entry.get("url") or entry.get("command")
            raise SystemExit(f"agent.py: cannot reach the supervisor at {where}: {exc!r}") from None
    else:
        system_prompt = Path(args.system_prompt).read_text()
    if "{{task}}" not in system_prompt:
        print("agent.py: warning: the system prompt has no {{task}} placeholder", file=sys.stderr)

    from aworld.runner import Runners

    extra = json.loads(args.extra_mcp_config.read_text())["mcpServers"] if args.extra_mcp_config else {}
    agent = build_agent(system_prompt, entry, extra)
    started = time.monotonic()
    # AWorld overwrites a tool's `session_id` argument with its own session id, whose default is
    # the start time to the second: give each run a unique one so parallel runs stay apart.
    response = Runners.sync_run(input=args.task, agent=agent, session_id=args.session_id)
    raw = str(getattr(response, "answer", "") or "")
    found = re.search(r"<answer>(.*?)</answer>", raw, re.S)
    print(json.dumps({
        "answer": found.group(1).strip() if found else raw.strip(),
        "session_id": args.session_id,
        "aworld_success": bool(getattr(response, "success", False)),
        "elapsed_s": round(time.monotonic() - started, 2),
    }))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
