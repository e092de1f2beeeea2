"""Command line: `supervisor-mcp serve | demo | schemas`. The only module that reads argv or sets up logging."""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

import structlog

from supervisor_mcp import __version__
from supervisor_mcp.exceptions import ConfigError
from supervisor_mcp.settings import Settings

TRANSPORTS = {"stdio": "stdio", "sse": "sse", "http": "streamable-http", "streamable-http": "streamable-http"}


def setup_logging(level: str, as_json: bool) -> None:
    """Everything to stderr: on stdio, stdout is the protocol."""
    handler = logging.StreamHandler(sys.stderr)
    logging.basicConfig(level=level, handlers=[handler], format="%(levelname)s %(name)s: %(message)s", force=True)
    renderer = structlog.processors.JSONRenderer() if as_json else structlog.dev.ConsoleRenderer(colors=False)
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso"),
            structlog.processors.format_exc_info,
            renderer,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(logging.getLevelName(level)),
        logger_factory=structlog.PrintLoggerFactory(file=sys.stderr),
        cache_logger_on_first_use=True,
    )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="supervisor-mcp", description="A runtime supervisor for LLM agents, over MCP."
    )
    parser.add_argument("--version", action="version", version=f"supervisor-mcp {__version__}")
    sub = parser.add_subparsers(dest="command")
    serve = sub.add_parser("serve", help="Serve the supervisor over stdio (default), SSE or streamable HTTP.")
    serve.add_argument("--transport", choices=sorted(TRANSPORTS), default="stdio")
    serve.add_argument("--host", default="127.0.0.1", help="Bind address for sse/http (default 127.0.0.1).")
    serve.add_argument("--port", type=int, default=8765, help="Port for sse/http (default 8765).")
    sub.add_parser("demo", help="Run packaged scenarios through the server over stdio and print the decisions.")
    patch = sub.add_parser("patch", help="Print the system-prompt patch for a host agent.")
    patch.add_argument("host", choices=["generic", "aworld"], help="generic (any MCP host) or aworld")
    schemas = sub.add_parser("schemas", help="Regenerate the JSON Schemas of every tool and the capabilities.")
    schemas.add_argument("--out", type=Path, default=Path("schemas"), help="Output folder (default ./schemas).")
    return parser


def _serve(settings: Settings, transport: str, host: str, port: int) -> int:
    log = structlog.get_logger("supervisor_mcp")
    wire = None
    if transport == "stdio":
        from supervisor_mcp.server.stdio import claim_stdio

        wire = claim_stdio()  # first: from here on nothing but JSON-RPC reaches the client's stdout
    else:
        from supervisor_mcp.access import check_bind

        try:
            check_bind(settings, host)
        except ConfigError as exc:
            print(f"supervisor-mcp: {exc}", file=sys.stderr)
            return 2
    from supervisor_mcp.server import build_server
    from supervisor_mcp.store import StoreUnavailable, describe_db, is_shared

    try:
        server = build_server(settings, url=f"http://{host}:{port}")
    except StoreUnavailable as exc:  # SUPERVISOR_DB names a database we cannot use: say how to fix it
        print(f"supervisor-mcp: {exc}", file=sys.stderr)
        return 2
    # A shared store means replicas behind a load balancer: no per-process transport sessions,
    # so any replica can answer any request (all state is in the database).
    stateless = transport == "streamable-http" and is_shared(settings.db)
    from supervisor_mcp.heuristics.purify import warm_up

    warm_up()  # the HTML extractor's lazy tables cost ~0.5 s on the first page otherwise
    if settings.model:
        from supervisor_mcp.deciders import preload

        preload()  # litellm takes seconds to import; pay it before the first call, not during it
    log.info("serving", transport=transport, engine=settings.model or "heuristic", db=describe_db(settings.db),
             stateless=stateless, auth=bool(settings.tokens))
    if wire is not None:
        import anyio

        from supervisor_mcp.server.stdio import serve_stdio

        anyio.run(serve_stdio, server, wire)
        return 0
    from supervisor_mcp.server.access import transport_security

    extra = {"stateless_http": True, "json_response": True} if stateless else {}
    server.run(transport, host=host, port=port, transport_security=transport_security(settings, host, port),  # type: ignore[call-overload]
               **extra)
    return 0


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    command = args.command or "serve"
    try:
        settings = Settings()
    except Exception as exc:  # a bad SUPERVISOR_* value: say which, without a traceback
        print(f"supervisor-mcp: invalid setting: {exc}", file=sys.stderr)
        return 2
    setup_logging(settings.log_level if command == "serve" else "WARNING", settings.log_json)

    if command == "serve":
        return _serve(settings, TRANSPORTS[getattr(args, "transport", "stdio")], args.host, args.port)
    if command == "demo":
        from supervisor_mcp.demo import run_demo

        return run_demo(sys.stdout)
    if command == "patch":
        from supervisor_mcp.prompts import load_host_patch

        print(load_host_patch(args.host))
        return 0
    if command == "schemas":
        from supervisor_mcp.schemas import write_schemas

        for path in write_schemas(args.out):
            print(f"wrote {path}")
        return 0
    return 2
