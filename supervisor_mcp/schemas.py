"""Generate `schemas/`: every tool's input and output schema as hosts see them, and the capabilities."""

from __future__ import annotations

import json
from pathlib import Path

import anyio

from supervisor_mcp.capabilities import build_capabilities
from supervisor_mcp.settings import Settings

REGENERATE = "supervisor-mcp schemas"


def render_schemas() -> dict[str, str]:
    """File name -> JSON text, read off the server's own tool list so it matches the wire."""
    from supervisor_mcp.server import build_server

    server = build_server(Settings(db=":memory:", model=""))
    tools = anyio.run(server.list_tools)
    files: dict[str, str] = {}
    for tool in sorted(tools, key=lambda t: t.name):
        files[f"{tool.name}.input.json"] = _dump(tool.input_schema)
        files[f"{tool.name}.output.json"] = _dump(tool.output_schema or {})
    files["capabilities.json"] = _dump(build_capabilities("heuristic").model_dump(exclude={"version"}))
    return files


def _dump(data: object) -> str:
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def write_schemas(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in render_schemas().items():
        path = out / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
