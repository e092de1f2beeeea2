"""LLM-free purification of a long observation: the heuristic engine of `sub_agent_result_synthesis`.

One entry point, `synthesize`. It routes the result by shape (HTML page, sub-agent report, plain
tool output), condenses it toward a budget relative to its length, and fills the structured fields
(final answer, key facts with verbatim evidence, conflicts, gaps, handoff issues). When the text
cannot be made meaningfully shorter it approves the original untouched.
"""

from __future__ import annotations

import re

from supervisor_mcp.heuristics.observation import Kind, Observation, observe
from supervisor_mcp.heuristics.observation.clip import head_tail
from supervisor_mcp.heuristics.observation.envelope import closes_output, is_markup_line, opens_output, warning_lines
from supervisor_mcp.heuristics.observation.kind import is_listing, is_prose, looks_like_code
from supervisor_mcp.heuristics.observation.shell import view_start
from supervisor_mcp.heuristics.purify import dedupe, facts, html_text, listing, report, tracebacks
from supervisor_mcp.heuristics.purify import render as markers
from supervisor_mcp.heuristics.purify import select as condense
from supervisor_mcp.heuristics.purify.ranking import query_terms
from supervisor_mcp.models import HandoffIssue, SynthesisDecision

# Aim for len/3.5 but never below the host's threshold (what it already deems short enough), so a
# 10 KB output comes back at ~3 KB; very long inputs are capped so a 1 MB log does not come back as
# 300 KB. Plain tool output is budgeted by kind (bench/measure_purify.py): a file the agent printed
# on purpose gets len/2.6 (it reads and edits that code next, retyping what it saw), other output
# (logs, test runs, installs, listings) len/4.5 with half the floor (what matters there is a few lines).
TARGET_RATIO = 3.5
VIEW_RATIO = 2.63
OTHER_RATIO = 4.7
OTHER_FLOOR = 0.5
MAX_BUDGET = 16_000
# Share of the budget first held back for the names index of omitted lines (what an agent may fetch
# back or retype); names per character beat whole lines for covering what a later command uses.
INDEX_SHARE = 0.5
# In logs and listings what happened is in a few whole lines (errors, summaries, paths).
OTHER_INDEX_SHARE = 0.3
# Rounds of line selection to spend what the names index leaves; within this share, done.
FILL_ROUNDS = 3
FILL_SLACK = 0.05
# Longer lines are cut to head and tail before selection.
LONG_LINE = 1500
# Below this gain the rewrite is not worth replacing what the agent already has.
MIN_GAIN = 0.8

_PAGE_START = re.compile(r"<!doctype\s+html|<html[\s>]", re.I)
_GENERIC_PAGE_TASK = re.compile(
    r"\b(?:read|summari[sz]e|extract|get|open|view)\b.{0,40}\b(?:article|page|text|content|post|story)\b", re.I
)


# Budget ratio and floor by content kind; kinds not listed get the general TARGET_RATIO.
_RATIOS: dict[str, tuple[float, float]] = {
    "file_view": (VIEW_RATIO, 1.0), "log": (OTHER_RATIO, OTHER_FLOOR), "listing": (OTHER_RATIO, OTHER_FLOOR),
    "traceback": (OTHER_RATIO, OTHER_FLOOR), "test_report": (OTHER_RATIO, OTHER_FLOOR),
    "diff": (OTHER_RATIO, OTHER_FLOOR),
}


def budget_for(length: int, threshold: int, kind: Kind | None = None) -> int:
    """Plain tool output budgeted by its kind (a file view gets more room than a log); with no
    kind, the general budget."""
    ratio, floor = _RATIOS.get(kind or "", (TARGET_RATIO, 1.0))
    return min(max(int(length / ratio), int(floor * threshold)), MAX_BUDGET)


def _hint(obs: Observation) -> str:
    """What the producing call says about the task: its command, URL or tool name."""
    return obs.command or obs.call.url or obs.call.tool


_BLANK_RUN = re.compile(r"\n(?:[^\S\n]*\n){2,}")


CONFLICT_SCAN_CHARS = 300_000


def synthesize(
    result: str,
    *,
    task: str,
    sub_task: str = "",
    source: str = "",
    agent_name: str = "",
    threshold: int = 3000,
) -> SynthesisDecision:
    final_answer: str | None = None
    handoff: list[HandoffIssue] = []
    obs = observe(result, source=source)
    # Runs of blank lines say nothing and cost every later stage a pass per line: fold them first
    # (not in a file view, whose markers count lines to give file line numbers).
    if obs.kind != "file_view":
        result = _BLANK_RUN.sub("\n\n", result.replace("\r\n", "\n").replace("\r", "\n"))
    if obs.kind == "html":
        synthesis = page_text(result, task=task, sub_task=sub_task, url=obs.call.url, threshold=threshold)
        prose_text, prose = synthesis, True
    elif not looks_like_code(result.splitlines()) and (parsed := report.parse(result)) is not None:
        final_answer = parsed.final_answer
        synthesis = report_text(parsed, task=task, sub_task=sub_task, threshold=threshold)
        prose_text, prose = result, True
        handoff = report.handoff_issues(parsed.final_answer, parsed.work_log, agent_name=agent_name)
    else:
        prose = is_prose(result)
        synthesis = condense_text(result, task=task, sub_task=sub_task, source=source, threshold=threshold,
                                  prose=prose, obs=obs)
        # Contradictions are looked for in a report-sized text; in megabytes of log-like prose, in what
        # was kept (the scan is quadratic in statements about one subject).
        prose_text = (result if len(result) <= CONFLICT_SCAN_CHARS else synthesis) if prose else ""
        if agent_name and prose:
            # A named sub-agent's free-text reply has no answer section: only unambiguous signs.
            handoff = report.handoff_issues(result, agent_name=agent_name, strict=True)

    found = facts.analyse(result, synthesis, task=task, sub_task=sub_task, prose=prose,
                          prose_text=prose_text, final_answer=final_answer)
    keep_original = not synthesis.strip() or len(synthesis) > MIN_GAIN * len(result)
    return SynthesisDecision(
        action="approve" if keep_original else "correct_observation",
        synthesis=result if keep_original else synthesis,
        final_answer=final_answer, key_facts=found.key_facts, conflicts=found.conflicts,
        gaps=found.gaps, handoff_issues=handoff,
    )


def condense_text(result: str, *, task: str, sub_task: str = "", source: str = "", threshold: int = 3000,
                  prose: bool | None = None, by_kind: bool = True, obs: Observation | None = None) -> str:
    """Plain tool output -> repeats collapsed, stack traces shortened, listings summarised, the
    rest selected toward the budget with a names index of what was left out."""
    raw = result.splitlines()
    task_words = frozenset(w.lower() for w in condense.IDENT.findall(f"{task}\n{sub_task}") if len(w) >= 4)
    lines = dedupe.collapse_templates(dedupe.collapse_runs([_cut_long_line(line) for line in raw]), task_words)
    lines = tracebacks.compact(lines)
    obs = obs or observe(result, source=source)
    view = by_kind and obs.kind == "file_view"
    budget = budget_for(len(result), threshold, obs.kind if by_kind else None)
    hint = _hint(obs)
    query = query_terms(task, sub_task, hint)
    protected = warning_lines(lines)
    if is_listing([ln for i, ln in enumerate(lines) if i not in protected]):
        return listing.condense(lines, query, budget, protected=protected, index_share=OTHER_INDEX_SHARE)
    code = looks_like_code(lines)
    if not code and (is_prose(result) if prose is None else prose):
        lines, _ = dedupe.drop_boilerplate(lines)
        protected = warning_lines(lines)
    known = frozenset(condense.IDENT.findall(f"{task}\n{sub_task}\n{hint}"))
    start = view_start(obs.command) if view else None
    numbers = file_line_numbers(lines, start) if start is not None and len(lines) == len(raw) else None
    share = INDEX_SHARE if code or view else OTHER_INDEX_SHARE
    line_budget = budget - int(share * budget)
    for _ in range(FILL_ROUNDS):
        plan = condense.select(lines, query, line_budget, code=code, known=known, protected=frozenset(protected))
        text = markers.render(plan, code=code, line_numbers=numbers, budget=budget, query=query)
        # When the omitted lines hold fewer names than the index could list, the rest of the
        # budget goes back to whole lines.
        left = budget - len(text)
        if left < FILL_SLACK * budget or len(plan.kept) == len(lines):
            break
        line_budget += left
    return text


def file_line_numbers(lines: list[str], start: int) -> list[int | None]:
    """File line numbers of an output that shows one file from line `start`, so omitted runs can
    say which lines to fetch back. After a head-and-tail cut, the tail's numbers are unknown."""
    opened = [i for i, line in enumerate(lines) if opens_output(line)]
    first = opened[0] + 1 if opened else 0
    numbers: list[int | None] = [None] * len(lines)
    for i in range(first, len(lines)):
        if closes_output(lines[i]):
            break
        numbers[i] = start + i - first
    return numbers


def _cut_long_line(line: str) -> str:
    """A single huge line (minified JSON, a base64 blob, a one-line log dump) keeps its head and tail:
    line selection cannot split it, and all-or-nothing would spend or lose the whole budget."""
    if len(line) <= LONG_LINE:
        return line
    return head_tail(line, LONG_LINE * 2 // 3, LONG_LINE // 4, " [... {omitted} characters of this line omitted ...] ")


def page_text(html: str, *, task: str, sub_task: str = "", url: str = "", threshold: int = 3000) -> str:
    """The page's main text; blocks outside it that name what the task asks for are appended;
    condensed further only when the task asks for something specific and the text is long. A
    tool's envelope around the page (`<returncode>`, `<output>`) is kept around the text."""
    start = _PAGE_START.search(html[:2000])
    prefix = html[: start.start()] if start else ""
    envelope = prefix if prefix.strip() and all(
        is_markup_line(line) for line in prefix.splitlines() if line.strip()) else ""
    if envelope:
        closing = re.search(r"(?:\s*</(?:output|stdout)>\s*)+$", html)
        inner = html[len(envelope): closing.start() if closing else len(html)]
        text = page_text(inner, task=task, sub_task=sub_task, url=url, threshold=threshold)
        return envelope + text + (closing.group(0) if closing else "")
    text = html_text.main_text(html, url=url)
    lines, _ = dedupe.drop_boilerplate(dedupe.collapse_runs(text.splitlines()))
    text = "\n".join(lines)
    lowered = text.lower()
    wanted = [t.lower() for t in facts.asked_terms(task, sub_task) if t.lower() not in lowered]
    if wanted:
        # Even the best extractor drops ~5% of real content; the block the task names may be it.
        extra = [ln for ln in html_text.visible_text(html).splitlines()
                 if any(t in ln.lower() for t in wanted) and ln not in text][:20]
        if extra:
            text += "\n[... also on the page, outside the main text:]\n" + "\n".join(extra)
    generic = bool(_GENERIC_PAGE_TASK.search(f"{task} {sub_task}"))
    if generic or len(text) <= 2 * threshold:
        return text
    plan = condense.select(text.splitlines(), query_terms(task, sub_task), budget_for(len(text), threshold))
    return markers.render(plan, code=False)


def report_text(parsed: report.Report, *, task: str, sub_task: str = "", threshold: int = 3000) -> str:
    """A sub-agent report: its answer sections verbatim, its work log condensed."""
    log = parsed.work_log
    if len(log) > threshold:
        log = condense_text(log, task=task, sub_task=sub_task, threshold=threshold, by_kind=False)
    answer = parsed.answer_block
    if len(answer) > 2 * threshold:
        answer = condense_text(answer, task=task, sub_task=sub_task, threshold=threshold, by_kind=False)
    parts = [parsed.header, answer]
    if log.strip():
        opening = parsed.log_open or "[... the work log that came with the answer:]"
        parts.append(f"{opening}\n{log}\n{parsed.log_close}".strip())
    return "\n\n".join(p for p in parts if p)
