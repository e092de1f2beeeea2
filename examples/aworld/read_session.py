"""Read a session's record from the supervisor itself: the resource supervisor://sessions/{id}.

Runs with the supervisor's own interpreter (mcp 2.x client). Either connects to a running
streamable-HTTP server (--url) or starts `supervisor-mcp serve` over stdio on the same SQLite file
(--command and SUPERVISOR_DB in the environment). Prints the record as one JSON line; exits 1 with
the server's message when no such session exists.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys

from mcp import Client, StdioServerParameters


async def read(target: Client, session_id: str) -> dict[str, object]:
    async with target as client:
        result = await client.read_resource(f"supervisor://sessions/{session_id}")
    text = "".join(getattr(c, "text", "") for c in result.contents)
    return json.loads(text)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--session-id", required=True, action="append",
                        help="repeat to try several ids; the first one on record wins")
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--url", help="streamable-HTTP endpoint, e.g. http://127.0.0.1:8765/mcp")
    where.add_argument("--command", help="path to supervisor-mcp; reads the DB at SUPERVISOR_DB")
    args = parser.parse_args()

    errors = []
    for session_id in args.session_id:
        if args.url:
            target = Client(args.url)
        else:
            env = {k: v for k, v in os.environ.items() if k.startswith("SUPERVISOR_")}
            target = Client(StdioServerParameters(command=args.command, args=["serve"], env=env))
        try:
            record = asyncio.run(read(target, session_id))
        except Exception as exc:  # the resource raises for an unknown session: try the next id
            errors.append(f"{session_id}: {exc}")
            continue
        print(json.dumps(record))
        return 0
    print("read_session: no session on record: " + "; ".join(errors), file=sys.stderr)
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
