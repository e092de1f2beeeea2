"""LLM-free purification of a long observation: the heuristic engine of `sub_agent_result_synthesis`.

One entry point, `synthesize`. It routes the result by shape (HTML page, sub-agent report, plain
tool output), condenses it toward a budget relative to its length, and fills the structured fields
(final answer, key facts with verbatim evidence, conflicts, gaps, handoff issues). When the text
cannot be made meaningfully shorter it approves the original untouched.
"""

from __future__ import annotations

import re

from supervisor_mcp.heuristics import condense, facts, html_text, listing, repeats, report
from supervisor_mcp.heuristics.ranking import query_terms, terms
from supervisor_mcp.models import SynthesisDecision

# Aim for about a third of the input; the retention benchmark (bench/measure_purify.py) shows the
# trade-off curve. Very long inputs are capped so a 1 MB log does not come back as 300 KB.
TARGET_RATIO = 3.3
MAX_BUDGET = 16_000
# Below this gain the rewrite is not worth replacing what the agent already has.
MIN_GAIN = 0.8

_WRAPPER_TAG = re.compile(
    r"^\s*(?:</?(?:returncode|output|output_head|output_tail|elided_chars|warning|stdout|stderr|"
    r"exit_code|error|exception)\b[^>]*>\s*)+.*$"
)
_GENERIC_PAGE_TASK = re.compile(r"\b(?:read|summari[sz]e|extract|get)\b.{0,40}\b(?:article|page|text|content)\b", re.I)


def budget_for(length: int, threshold: int) -> int:
    return min(max(int(length / TARGET_RATIO), threshold // 2), MAX_BUDGET)


def synthesize(
    result: str,
    *,
    task: str,
    sub_task: str = "",
    source: str = "",
    agent_name: str = "",
    threshold: int = 3000,
) -> SynthesisDecision:
    if html_text.looks_like_html(result):
        synthesis, kind = _page(result, task=task, sub_task=sub_task, source=source, threshold=threshold), "page"
        final_answer, work_log = None, None
    else:
        parsed = report.parse(result, agent_name=agent_name)
        if parsed is not None:
            kind = "report"
            final_answer, work_log = parsed.final_answer, parsed.work_log
            synthesis = _report(parsed, task=task, sub_task=sub_task, threshold=threshold)
        else:
            kind, final_answer, work_log = "tool", None, None
            synthesis = condense_text(result, task=task, sub_task=sub_task, source=source, threshold=threshold)

    found = facts.analyse(
        result, synthesis, task=task, sub_task=sub_task, prose=kind != "tool" or facts.is_prose(result),
        final_answer=final_answer,
    )
    handoff = report.handoff_issues(final_answer or "", work_log or "", agent_name=agent_name) if kind == "report" else []
    if kind == "tool" and facts.is_prose(result):
        handoff = report.handoff_issues(result, "", agent_name=agent_name, strict=True)

    if len(synthesis) > MIN_GAIN * len(result) or not synthesis.strip():
        return SynthesisDecision(
            action="approve", synthesis=result, final_answer=final_answer, key_facts=found.key_facts,
            conflicts=found.conflicts, gaps=found.gaps, handoff_issues=handoff,
        )
    return SynthesisDecision(
        action="correct_observation", synthesis=synthesis, final_answer=final_answer,
        key_facts=found.key_facts, conflicts=found.conflicts, gaps=found.gaps, handoff_issues=handoff,
    )


def condense_text(result: str, *, task: str, sub_task: str = "", source: str = "", threshold: int = 3000) -> str:
    """Plain tool output -> repeats collapsed, listings summarised, the rest selected by budget."""
    lines = repeats.collapse_runs(result.splitlines())
    budget = budget_for(len(result), threshold)
    query = query_terms(task, sub_task, source)
    known = frozenset(condense.IDENT.findall(f"{task}\n{sub_task}\n{source}"))
    protected = _protected(lines)
    if listing.is_listing([ln for i, ln in enumerate(lines) if i not in protected]):
        return listing.condense(lines, query, budget, protected=protected)
    code = facts.looks_like_code(lines)
    plan = condense.select(lines, query, budget, code=code, known=known)
    plan.kept.update(protected)
    return condense.render(plan)


def _protected(lines: list[str]) -> set[int]:
    """Envelope lines (return code, truncation warnings and markers) are never dropped."""
    keep: set[int] = set()
    in_warning = False
    for i, line in enumerate(lines):
        if "<warning>" in line:
            in_warning = True
        if in_warning or _WRAPPER_TAG.match(line) or "characters elided" in line:
            keep.add(i)
        if "</warning>" in line:
            in_warning = False
    return keep


def _page(html: str, *, task: str, sub_task: str, source: str, threshold: int) -> str:
    text = html_text.main_text(html, url=source if source.startswith("http") else "")
    lines, _ = repeats.drop_boilerplate(repeats.collapse_runs(text.splitlines()))
    text = "\n".join(lines)
    wanted = [t for t in _salient(f"{task}\n{sub_task}") if t not in text.lower()]
    if wanted:
        # The extractor may have dropped the very block the task asks about: pull it back.
        extra = [ln for ln in html_text.visible_text(html).splitlines()
                 if any(t in ln.lower() for t in wanted) and ln not in text]
        if extra:
            text += "\n[... also on the page, outside the main text:]\n" + "\n".join(extra[:20])
    if _GENERIC_PAGE_TASK.search(f"{task} {sub_task}") and not sub_task.strip() or len(text) <= 2 * threshold:
        return text
    query = query_terms(task, sub_task, "")
    plan = condense.select(text.splitlines(), query, budget_for(len(text), threshold))
    return condense.render(plan)


def _salient(text: str) -> list[str]:
    return sorted({t for t in terms(text) if len(t) >= 4 and not t.isdigit()})


def _report(parsed: report.Report, *, task: str, sub_task: str, threshold: int) -> str:
    log = parsed.work_log
    if len(log) > threshold:
        log = condense_text(log, task=task, sub_task=sub_task, threshold=threshold)
    parts = [parsed.header] if parsed.header else []
    parts.append(parsed.answer_block)
    if log.strip():
        parts.append(f"{parsed.log_open}\n{log}\n{parsed.log_close}".strip())
    return "\n\n".join(p for p in parts if p)
