"""Which loop patterns predict a failing run, per agent and model, and on sources not tuned on?

Replays every run of every source as the tool sees it (results cut to 1,500 chars, the session's
whole trace, from step 3 on) and records the first step at which each pattern is active. Then:

- per source: base failure rate, and per pattern the runs it fires in (failed / resolved), its
  precision and likelihood ratio LR = P(fires | failed) / P(fires | resolved);
- leave one source out: patterns are kept for guidance when their LR pooled over the *other*
  sources gives a calibrated confidence LR / (1 + LR) at or above the threshold; the held-out
  source is then scored (lift, share of failed and of resolved runs flagged) beside the same
  detector with every pattern on, and beside the paging-only rule (3 forward `sed -n` pages).

Sources: `miniswe_dev` (mini-swe-agent + Gemini 3 Pro) and `sweagent_dev`, split by agent and
model (CodeR GPT-4 on SWE-bench Lite; SWE-agent on Multi-SWE-bench Java with five models).

    .venv/bin/python bench/loops_by_source.py [--data ../shared/data] [--threshold 0.65] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from loop_runs import ENDS_ON_SUCCESS, Run, load_sources, paging_rule_flag, replay_first_firings

from supervisor_mcp.heuristics.loops.calibration import DEFAULT_MIN_CONFIDENCE
from supervisor_mcp.models import PATTERNS

PATTERN_NAMES = [p for p in PATTERNS if p != "none"]


def rates(runs: list[Run], flagged: set[str]) -> dict[str, float]:
    failed = [r for r in runs if not r.resolved]
    resolved = [r for r in runs if r.resolved]
    hits = [r for r in runs if r.id in flagged]
    hit_failed = sum(1 for r in hits if not r.resolved)
    base = len(failed) / len(runs) if runs else 0.0
    precision = hit_failed / len(hits) if hits else 0.0
    return {
        "runs": len(runs), "base": round(base, 3), "flagged": len(hits),
        "lift": round(precision / base, 2) if base and hits else 0.0,
        "failed_flagged": round(hit_failed / len(failed), 3) if failed else 0.0,
        "resolved_flagged": round(sum(1 for r in hits if r.resolved) / len(resolved), 3) if resolved else 0.0,
    }


def likelihood_ratio(fired_failed: int, failed: int, fired_resolved: int, resolved: int) -> float:
    # Half a run of smoothing on each side: a pattern seen in 0 resolved runs is not infinitely telling.
    p_fail = (fired_failed + 0.5) / (failed + 1)
    p_res = (fired_resolved + 0.5) / (resolved + 1)
    return p_fail / p_res


def pattern_table(runs: list[Run], firings: dict[str, dict[str, int]]) -> dict[str, dict[str, Any]]:
    failed = sum(1 for r in runs if not r.resolved)
    resolved = len(runs) - failed
    table = {}
    for pattern in PATTERN_NAMES:
        ff = sum(1 for r in runs if not r.resolved and pattern in firings[r.id])
        fr = sum(1 for r in runs if r.resolved and pattern in firings[r.id])
        lr = likelihood_ratio(ff, failed, fr, resolved)
        table[pattern] = {"failed": ff, "resolved": fr, "lr": round(lr, 2),
                          "confidence": round(lr / (1 + lr), 2)}
    return table


def calibrate(runs: list[Run], firings: dict[str, dict[str, int]]) -> dict[str, float]:
    """Confidence per pattern: LR / (1 + LR), the chance a flagged run is failing at even prior odds,
    with LR the Mantel-Haenszel ratio stratified by source. Pooling runs naively would credit a
    pattern for being common in a source where nearly every run fails; within each source, only its
    failed and resolved runs are compared, and sources with few of either weigh little."""
    by_source: dict[str, list[Run]] = {}
    for run in runs:
        by_source.setdefault(run.source, []).append(run)
    confidence = {}
    for pattern in PATTERN_NAMES:
        top = bottom = 0.0
        for stratum in by_source.values():
            failed = [r for r in stratum if not r.resolved]
            resolved = [r for r in stratum if r.resolved]
            fired_failed = sum(1 for r in failed if pattern in firings[r.id])
            fired_resolved = sum(1 for r in resolved if pattern in firings[r.id])
            top += fired_failed * len(resolved) / len(stratum)
            bottom += fired_resolved * len(failed) / len(stratum)
        # Half a run of smoothing on each side, once: a pattern never seen in a resolved run is not
        # infinitely telling, and one never seen at all stays at even odds.
        ratio = (top + 3) / (bottom + 3)
        confidence[pattern] = round(ratio / (1 + ratio), 2)
    return confidence


def survival_lift(runs: list[Run], firings: dict[str, dict[str, int]], allowed: set[str]) -> float:
    """Failed runs among the flagged over the number expected if a flag told nothing beyond the run still
    going: each flag at step k is compared with the failure rate of the runs still alive at step k.
    A run that ends early (solved, or cut short) can never be flagged late, so plain lift credits any
    pattern that needs a few steps; this ratio does not. 1.0 means length alone explains the flags."""
    alive_failure: dict[int, float] = {}  # step -> failure rate of the runs still going there
    observed = expected = 0.0
    for run in runs:
        steps = [firings[run.id][p] for p in allowed if p in firings[run.id]]
        if not steps:
            continue
        k = min(steps)
        if k not in alive_failure:
            alive = [r for r in runs if len(r.steps) > k]
            alive_failure[k] = sum(1 for r in alive if not r.resolved) / len(alive)
        expected += alive_failure[k]
        observed += not run.resolved
    return round(observed / expected, 2) if expected else 0.0


def flagged_by(runs: list[Run], firings: dict[str, dict[str, int]], allowed: set[str]) -> set[str]:
    return {r.id for r in runs if any(p in allowed for p in firings[r.id])}


def report(data_dir: Path, threshold: float = DEFAULT_MIN_CONFIDENCE) -> dict[str, Any]:
    sources = load_sources(data_dir)
    firings = {run.id: replay_first_firings(run) for runs in sources.values() for run in runs}
    out: dict[str, Any] = {"threshold": threshold, "sources": {}, "held_out": {}}
    calibrating = {name: runs for name, runs in sources.items() if name not in ENDS_ON_SUCCESS}
    for name, runs in sources.items():
        out["sources"][name] = {"patterns": pattern_table(runs, firings), **rates(runs, set()),
                                "survival_lift_all_patterns": survival_lift(runs, firings, set(PATTERN_NAMES))}
        if name in ENDS_ON_SUCCESS:
            out["sources"][name]["ends_on_success"] = ENDS_ON_SUCCESS[name]
            continue
        others = [r for other, rs in calibrating.items() if other != name for r in rs]
        allowed = {p for p, c in calibrate(others, firings).items() if c >= threshold}
        base = out["sources"][name]["base"]
        out["held_out"][name] = {
            "allowed": sorted(allowed),
            # Lift is the flagged runs' failure rate over the base rate, so it can never exceed 1 / base:
            # where most runs fail, the lift >= 2.0 cannot be met by any detector.
            "max_possible_lift": round(1 / base, 2) if base else None,
            "policy": rates(runs, flagged_by(runs, firings, allowed)),
            "all_patterns": rates(runs, flagged_by(runs, firings, set(PATTERN_NAMES))),
            "paging_only_rule": rates(runs, {r.id for r in runs if paging_rule_flag(r) is not None}),
        }
    out["calibration_all_sources"] = calibrate([r for rs in calibrating.values() for r in rs], firings)
    return out


async def measure(call: Any, data_dir: Path, limit: int | None = None) -> dict[str, Any]:
    """bench/quality.py's entry point (the replay runs in process; `call` is not needed)."""
    return report(data_dir)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "data")
    parser.add_argument("--threshold", type=float, default=DEFAULT_MIN_CONFIDENCE)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    out = report(args.data, args.threshold)

    print(f"{'source':38} {'runs':>5} {'fail':>5}  " + "  ".join(f"{p[:14]:>14}" for p in PATTERN_NAMES))
    for name, row in out["sources"].items():
        cells = "  ".join(f"{t['failed']:>3}/{t['resolved']:<3} {t['lr']:>5.2f}" for t in row["patterns"].values())
        print(f"{name:38} {row['runs']:>5} {row['base']:>5.2f}  {cells}")
    print("  (cells: failed runs / resolved runs where the pattern fires, and its likelihood ratio)")
    print("  survival lift of all patterns (flags vs the runs still going at the same step; 1.0 = length alone):")
    print("  " + ", ".join(f"{name} {row['survival_lift_all_patterns']:.2f}" for name, row in out["sources"].items()))
    for name, row in out["sources"].items():
        if "ends_on_success" in row:
            print(f"  {name}: not used to calibrate or held out: {row['ends_on_success']}")
    print()
    print(f"{'held out (tuned on the others)':38} {'max lift':>8} {'policy':>26}  {'all patterns':>26}  "
          f"{'paging-only rule':>26}")
    for name, row in out["held_out"].items():
        print(f"{name:38} {row['max_possible_lift'] or 0:>8.2f} {_cell(row['policy']):>26}  "
              f"{_cell(row['all_patterns']):>26}  {_cell(row['paging_only_rule']):>26}")
        print(f"{'':38} guidance for: {', '.join(row['allowed']) or '(none)'}")
    print("  (max lift: 1 / the source's failure rate, the highest lift any detector can reach there)")
    print("  (cells: runs flagged, lift, share of failed runs flagged, share of resolved runs flagged)\n")
    print("calibrated confidence on all sources:",
          ", ".join(f"{p} {c:.2f}" for p, c in out["calibration_all_sources"].items()))
    if args.json:
        args.json.write_text(json.dumps(out, indent=2))


def _cell(r: dict[str, float]) -> str:
    lift = "-" if r["lift"] == 0 or math.isnan(r["lift"]) else f"{r['lift']:.2f}"
    return f"{r['flagged']:>3} x{lift:>5} {r['failed_flagged']:.2f}f {r['resolved_flagged']:.2f}r"


if __name__ == "__main__":
    main()
