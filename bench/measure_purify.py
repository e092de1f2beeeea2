"""Does purification keep what the agent needs while cutting the text? Two sets.

1. Long tool outputs: every observation >= 5,000 chars in `trajectories/miniswe_dev.jsonl.gz`
   (task = run task, sub_task = the step's thought, result = the observation, source = the
   command). Facts that matter: identifiers (`[A-Za-z_][A-Za-z0-9_./-]{5,}`) that first appear in
   that observation (not in the task or any command up to this step) and that a later command of
   the same run uses. Retention = share of those found (as substrings) in `synthesis`, pooled over
   observations; compression = chars_in / chars_out. Baseline: head-and-tail truncation at the same
   output length, and at 2x and 3x. The purifier never sees later steps.
2. Web pages: `pages/aeb_dev`, task "Read the main article on this web page.", `synthesis` scored
   against `articleBody` with 4-gram shingles: the brief's variant (lowercase, sets, per-page F1
   averaged) and AEB's official one (case kept, multisets, F1 of the averaged P and R). Baselines:
   trafilatura with its defaults, trafilatura without comments, and the page's raw visible text.

    .venv/bin/python -m bench.measure_purify [--data /work/shared/data]

`measure(call, data_dir)` takes any async `call(tool_name, args) -> dict`; `__main__` wires it to
the in-process heuristic engine (results under 3,000 chars approved untouched, as the server does).
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import re
import statistics
import sys
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

Call = Callable[[str, dict[str, Any]], Awaitable[dict[str, Any]]]
TOOL = "sub_agent_result_synthesis"
MIN_OBS = 5000
THRESHOLD = 3000
PAGE_TASK = "Read the main article on this web page."
IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_./-]{5,}")
WORD = re.compile(r"\w+")


# --- set 1: long tool outputs ---------------------------------------------------------------------
def _command(step: dict[str, Any]) -> str:
    args = step.get("args")
    return str(args.get("command", "")) if isinstance(args, dict) else str(args or "")


def tool_items(data_dir: Path) -> list[dict[str, Any]]:
    path = data_dir / "trajectories" / "miniswe_dev.jsonl.gz"
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        runs = [json.loads(line) for line in handle if line.strip()]
    items = []
    for run in runs:
        seen = set(IDENT.findall(run["task"]))
        steps = run["steps"]
        for k, step in enumerate(steps):
            seen |= set(IDENT.findall(_command(step)))
            obs = step.get("observation") or ""
            if len(obs) < MIN_OBS:
                continue
            later = set().union(*(IDENT.findall(_command(s)) for s in steps[k + 1:])) if k + 1 < len(steps) else set()
            items.append({
                "run": run["id"], "step": k, "task": run["task"], "sub_task": step.get("thought") or "",
                "result": obs, "source": _command(step), "facts": sorted((set(IDENT.findall(obs)) - seen) & later),
            })
    return items


# The same command as hosts phrase `source` (the purifier must not care).
PHRASINGS: dict[str, Callable[[str], str]] = {
    "bare command": lambda cmd: cmd,
    "bash: <cmd>": lambda cmd: f"bash: {cmd}",
    "JSON tool call": lambda cmd: json.dumps({"tool": "bash", "args": {"command": cmd}}),
    "OpenAI call": lambda cmd: json.dumps({"name": "bash", "arguments": json.dumps({"command": cmd})}),
    "tool name only": lambda cmd: "bash",
    "empty": lambda cmd: "",
}


async def by_phrasing(call: Call, items: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Retention and compression of the long tool outputs for each phrasing of `source`."""
    out: dict[str, dict[str, float]] = {}
    for name, phrase in PHRASINGS.items():
        total = kept = chars_in = chars_out = 0
        for item in items:
            args = {"task": item["task"], "result": item["result"], "sub_task": item["sub_task"],
                    "source": phrase(item["source"]), "session_id": f"purify-{item['run']}"}
            synthesis = (await call(TOOL, args)).get("synthesis") or item["result"]
            total += len(item["facts"])
            kept += _kept(item["facts"], synthesis)
            chars_in += len(item["result"])
            chars_out += len(synthesis)
        out[name] = {"retention": kept / total if total else 1.0, "compression": chars_in / max(chars_out, 1)}
    return out


def phrasing_table(rows: dict[str, dict[str, float]]) -> str:
    lines = [f"{'source phrasing':<18} {'retention':>9} {'compression':>11}"]
    lines += [f"{name:<18} {r['retention']:>9.3f} {r['compression']:>10.3f}x" for name, r in rows.items()]
    return "\n".join(lines)


def head_tail(text: str, n: int) -> str:
    half = n // 2
    return text[:half] + text[len(text) - (n - half):] if n < len(text) else text


def _kept(facts: list[str], text: str) -> int:
    return sum(1 for f in facts if f in text)


_SUMMARY_LINE = re.compile(r"^\s*\[\.\.\. |: \[\d+ entries omitted")


def without_markers(text: str) -> str:
    """The synthesis minus the purifier's own marker/summary lines: what survived verbatim."""
    return "\n".join(line for line in text.splitlines() if not _SUMMARY_LINE.search(line))


# --- set 2: web pages -----------------------------------------------------------------------------
def _shingles(text: str, lower: bool) -> list[tuple[str, ...]]:
    tokens = WORD.findall(text.lower() if lower else text)
    return [tuple(tokens[i:i + 4]) for i in range(max(1, len(tokens) - 3)) if tokens[i:i + 4]]


def brief_prf(truth: str, pred: str) -> tuple[float, float, float]:
    a, b = set(_shingles(truth, True)), set(_shingles(pred, True))
    tp = len(a & b)
    p = tp / len(b) if b else 0.0
    r = tp / len(a) if a else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def official_tp_fp_fn(truth: str, pred: str) -> tuple[float, float, float]:
    a, b = Counter(_shingles(truth, False)), Counter(_shingles(pred, False))
    tp = sum(min(a[k], b[k]) for k in a.keys() | b.keys())
    fp = sum(max(0, b[k] - a[k]) for k in b)
    fn = sum(max(0, a[k] - b[k]) for k in a)
    total = tp + fp + fn
    return (tp / total, fp / total, fn / total) if total else (0.0, 0.0, 0.0)


def official_scores(triples: list[tuple[float, float, float]]) -> dict[str, float]:
    def prec(tp: float, fp: float, fn: float) -> float:
        return 1.0 if fp == fn == 0 else (0.0 if tp == fp == 0 else tp / (tp + fp))

    def rec(tp: float, fp: float, fn: float) -> float:
        return 1.0 if fp == fn == 0 else (0.0 if tp == fn == 0 else tp / (tp + fn))

    p = statistics.mean(prec(*t) for t in triples if t[0] + t[1] > 0)
    r = statistics.mean(rec(*t) for t in triples if t[0] + t[2] > 0)
    return {"precision": p, "recall": r, "f1": 2 * p * r / (p + r) if p + r else 0.0}


def score_pages(pairs: list[tuple[str, str]]) -> dict[str, Any]:
    brief = [brief_prf(t, p) for t, p in pairs]
    return {
        "f1": statistics.mean(x[2] for x in brief),
        "precision": statistics.mean(x[0] for x in brief),
        "recall": statistics.mean(x[1] for x in brief),
        "official": official_scores([official_tp_fp_fn(t, p) for t, p in pairs]),
    }


def pages(data_dir: Path) -> list[tuple[str, str, str]]:
    folder = data_dir / "pages" / "aeb_dev"
    truth = json.loads((folder / "ground-truth.json").read_text(encoding="utf-8"))
    out = []
    for key in sorted(truth):
        with gzip.open(folder / f"{key}.html.gz", "rt", encoding="utf-8", errors="replace") as handle:
            out.append((handle.read(), truth[key].get("articleBody", ""), truth[key].get("url", "")))
    return out


def page_baselines(items: list[tuple[str, str, str]]) -> dict[str, Any]:
    import trafilatura

    from supervisor_mcp.heuristics.purify.html_text import visible_text

    return {
        "trafilatura_defaults": score_pages([(t, trafilatura.extract(h) or "") for h, t, _ in items]),
        "trafilatura_no_comments": score_pages(
            [(t, trafilatura.extract(h, include_comments=False) or "") for h, t, _ in items]),
        "raw_visible_text": score_pages([(t, visible_text(h)) for h, t, _ in items]),
    }


# --- the protocol ---------------------------------------------------------------------------------
def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


async def _warm_up(call: Call) -> None:
    # Latency is reported at steady state: the first call loads the extractors' lazy tables.
    page = "<html><body><article><p>" + "Warm-up paragraph for the extractor. " * 120 + "</p></article></body></html>"
    await call(TOOL, {"task": PAGE_TASK, "result": page, "sub_task": "", "source": "", "session_id": "purify-warm"})
    await call(TOOL, {"task": "warm up", "result": "log line 1\n" * 600, "sub_task": "", "source": "",
                      "session_id": "purify-warm"})


async def measure(call: Call, data_dir: Path, limit: int | None = None) -> dict[str, Any]:
    items = tool_items(data_dir)[:limit]
    latency: list[float] = []
    total = kept = verbatim = same = x2 = x3 = chars_in = chars_out = 0
    await _warm_up(call)
    per_kind: dict[str, list[int]] = {}
    for item in items:
        args = {"task": item["task"], "result": item["result"], "sub_task": item["sub_task"],
                "source": item["source"], "session_id": f"purify-{item['run']}"}
        started = time.perf_counter()
        out = await call(TOOL, args)
        latency.append((time.perf_counter() - started) * 1000)
        synthesis = out.get("synthesis") or item["result"]
        obs, facts = item["result"], item["facts"]
        chars_in += len(obs)
        chars_out += len(synthesis)
        total += len(facts)
        kept += _kept(facts, synthesis)
        verbatim += _kept(facts, without_markers(synthesis))
        same += _kept(facts, head_tail(obs, len(synthesis)))
        x2 += _kept(facts, head_tail(obs, len(obs) // 2))
        x3 += _kept(facts, head_tail(obs, len(obs) // 3))
        kind = (item["source"].split() or ["?"])[0]
        stats = per_kind.setdefault(kind, [0, 0, 0, 0])
        stats[0] += len(facts)
        stats[1] += _kept(facts, synthesis)
        stats[2] += len(obs)
        stats[3] += len(synthesis)
    tool = {
        "observations": len(items), "facts": total,
        "retention": kept / total if total else 1.0,
        "retention_verbatim_lines_only": verbatim / total if total else 1.0,
        "compression": chars_in / max(chars_out, 1),
        "head_tail_same_length": same / total if total else 1.0,
        "head_tail_2x": x2 / total if total else 1.0,
        "head_tail_3x": x3 / total if total else 1.0,
        "latency_ms_p50": _pct(latency, 0.5), "latency_ms_p99": _pct(latency, 0.99),
        "by_command": {k: {"facts": v[0], "retention": v[1] / v[0] if v[0] else 1.0,
                           "compression": v[2] / max(v[3], 1)}
                       for k, v in sorted(per_kind.items(), key=lambda kv: -kv[1][0])},
    }

    page_items = pages(data_dir)[:limit]
    pairs, page_ms, big_ms = [], [], []
    for html, truth, url in page_items:
        started = time.perf_counter()
        out = await call(TOOL, {"task": PAGE_TASK, "result": html, "source": url, "sub_task": "",
                                "session_id": "purify-pages"})
        elapsed = (time.perf_counter() - started) * 1000
        page_ms.append(elapsed)
        if 90_000 <= len(html) <= 110_000:
            big_ms.append(elapsed)
        pairs.append((truth, out.get("synthesis") or ""))
    web = score_pages(pairs)
    web.update({"pages": len(pairs), "latency_ms_p50": _pct(page_ms, 0.5), "latency_ms_p99": _pct(page_ms, 0.99),
                "latency_ms_100kb_pages_median": statistics.median(big_ms) if big_ms else None,
                "baselines": page_baselines(page_items)})
    phrasing = await by_phrasing(call, items) if limit is None else {}  # the same calls again, 4 times
    return {"tool_outputs": tool, "web_pages": web, "by_phrasing": phrasing}


def _in_process() -> Call:
    from supervisor_mcp.heuristics.purify import synthesize, warm_up

    warm_up()  # what the server should do at start (see html_text.warm_up)

    async def call(tool: str, args: dict[str, Any]) -> dict[str, Any]:
        if tool != TOOL:
            raise ValueError(tool)
        result = args["result"]
        if len(result) < THRESHOLD:
            return {"action": "approve", "synthesis": result}
        return synthesize(result, task=args["task"], sub_task=args.get("sub_task", ""),
                          source=args.get("source", ""), threshold=THRESHOLD).model_dump()

    return call


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=Path("/work/shared/data"))
    parser.add_argument("--phrasings", action="store_true", help="only the per-phrasing table")
    args = parser.parse_args()
    if args.phrasings:
        rows = asyncio.run(by_phrasing(_in_process(), tool_items(args.data)))
        print(phrasing_table(rows))
        return
    results = asyncio.run(measure(_in_process(), args.data))
    json.dump(results, sys.stdout, indent=2)
    sys.stdout.write("\n")
    print(phrasing_table(results["by_phrasing"]), file=sys.stderr)


if __name__ == "__main__":
    main()
