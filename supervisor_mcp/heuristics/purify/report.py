"""Sub-agent reports: the final answer apart from the work log, and handoff problems.

Recognised shapes: smolagents managed-agent reports ("Here is the final answer from your managed
agent ...", "### 1. Task outcome (short version):", `<summary_of_work>` or "SUMMARY OF WORK FROM
AGENT"), `<final_answer>` tags, and a closing "Final answer:" / "FINAL ANSWER:" line (GAIA,
CrewAI, ReAct). Handoff problems follow the four AgentAsk edge-error kinds: data gap
(missing_detail), referential drift (ambiguous_reference), signal corruption (corrupted_value) and
capability gap (wrong_role), each with the one question that would resolve it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from supervisor_mcp.models import HandoffIssue

# [^\S\n]* (blanks that do not cross lines): with \s*, every line start in a long run of blank
# lines rescans the whole run, which made purifying 100k blank lines take seconds.
_HEADER = re.compile(r"^[^\S\n]*Here is the final answer from your managed agent '([^']*)':[^\S\n]*$", re.M)
_SUMMARY_OPEN = re.compile(r"^(?:For more detail, find below a summary of this agent's work:\s*\n)?"
                           r"(?:<summary_of_work>|SUMMARY OF WORK FROM AGENT '[^']*':)[^\S\n]*$", re.M)
_SUMMARY_CLOSE = re.compile(r"^(?:</summary_of_work>|END OF SUMMARY OF WORK FROM AGENT '[^']*'\.?)[^\S\n]*$", re.M)
_SHORT = re.compile(r"^#+[^\S\n]*1\.[^\S\n]*Task outcome \(short version\):?[^\S\n]*$", re.M | re.I)
_NEXT_SECTION = re.compile(r"^#+[^\S\n]*\d\.\s", re.M)
_FINAL_TAG = re.compile(r"<final_answer>(.*?)(?:</final_answer>|\Z)", re.S | re.I)
# "Final answer:" as a line of its own (markdown emphasis allowed), not `final_answer: str` in code.
_FINAL_LINE = re.compile(r"^[ \t]{0,3}(?:[#>*_]+\s*)?final answer(?:[*_]+)?\s*[:：](?:[*_]+)?\s*(.*)$", re.I | re.M)

_PLACEHOLDER = re.compile(
    r"\[(?:insert|add|your|placeholder|todo|tbd)[^\]]{0,60}\]|<(?:insert|placeholder|your)[^>]{0,60}>|"
    r"\{\{\s*\w+\s*\}\}|\b(?:TODO|TBD|FIXME|XXX)\b|lorem ipsum|"
    r"(?:[:=|]\s*|^\s*)(?:N/A|n/a|\?\?\?|\.\.\.|…)\s*(?:$|\|)",
    re.M,
)
_AMBIGUOUS = re.compile(
    r"\b(?:(?:the|that|this) (?:file|function|value|result|output|table|link|url|page|code|error|"
    r"number|script|command|data|class|method|one) (?:above|below|mentioned (?:above|earlier|before)|"
    r"from before|i mentioned)|as (?:mentioned|shown|described|noted|discussed|seen) (?:above|earlier|"
    r"before|previously)|see above|(?:the|my) previous (?:result|step|output|message|answer|attempt))\b",
    re.I,
)
# "This PR ..." or "That value ..." name their object; a bare "It"/"They" at the start does not.
_PRONOUN_START = re.compile(r"^\s*(?:it|they|he|she)\b(?!\s+(?:is|was) (?:not )?(?:possible|unclear))", re.I)
_CAPABILITY = re.compile(
    r"\b(?:I (?:do not|don't|cannot|can't|am unable to|am not able to|was unable to|wasn't able to|"
    r"could not|couldn't) (?:access|browse|open|run|execute|view|download|read|search|reach|use)\b[^.\n]{0,80}|"
    r"as an AI(?: language model)?|I (?:do not|don't) have (?:access|the ability|internet|tools?)[^.\n]{0,60}|"
    r"(?:beyond|outside) (?:my|the scope of my) (?:capabilities|role|scope))",
    re.I,
)
_ASKS_BACK = re.compile(r"\b(?:could you|can you|would you|please (?:provide|clarify|specify|confirm)|"
                        r"do you want|should I)\b[^?\n]{0,160}\?", re.I)
_MOJIBAKE = re.compile(r"Ã[\x80-\xbf¡-ÿ]|â€[™œ\x9d“”˜]|\ufffd")
_BAD_VALUE = re.compile(r"(?:[:=]\s*|\|\s*)(?:undefined|NaN|\[object Object\]|None|null)\s*(?:$|\||,)", re.M)


@dataclass
class Report:
    final_answer: str
    answer_block: str
    work_log: str = ""
    header: str = ""
    log_open: str = ""
    log_close: str = ""


def parse(text: str) -> Report | None:
    """The report's parts, or None when the text is not a recognisable sub-agent report."""
    header_m = _HEADER.search(text)
    open_m = _SUMMARY_OPEN.search(text)
    if header_m or open_m:
        start = header_m.end() if header_m else 0
        end = open_m.start() if open_m and open_m.start() >= start else len(text)
        answer_block = text[start:end].strip()
        log, log_open, log_close = "", "", ""
        if open_m:
            close_m = _SUMMARY_CLOSE.search(text, open_m.end())
            log = text[open_m.end(): close_m.start() if close_m else len(text)].strip("\n")
            log_open = open_m.group(0).strip()
            log_close = close_m.group(0).strip() if close_m else ""
        return Report(
            final_answer=_short_outcome(answer_block), answer_block=answer_block, work_log=log,
            header=header_m.group(0).strip() if header_m else "", log_open=log_open, log_close=log_close,
        )
    tag = list(_FINAL_TAG.finditer(text))
    if tag:
        m = tag[-1]
        return Report(final_answer=m.group(1).strip(), answer_block=m.group(0).strip(),
                      work_log=(text[: m.start()] + text[m.end():]).strip())
    lines = list(_FINAL_LINE.finditer(text))
    if lines:
        m = lines[-1]
        rest = text[m.end():]
        stop = re.search(r"\n\s*\n", rest)
        answer = (m.group(1) + (rest[: stop.start()] if stop else rest)).strip()
        block_end = m.end() + (stop.start() if stop else len(rest))
        return Report(final_answer=answer, answer_block=text[m.start(): block_end].strip(),
                      work_log=(text[: m.start()] + text[block_end:]).strip())
    return None


def _short_outcome(block: str) -> str:
    m = _SHORT.search(block)
    if not m:
        return block.strip()
    nxt = _NEXT_SECTION.search(block, m.end())
    return block[m.end(): nxt.start() if nxt else len(block)].strip()


def _snippet(text: str, start: int, end: int, pad: int = 40) -> str:
    return text[max(0, start - pad): end + pad].strip().replace("\n", " ")


def handoff_issues(answer: str, log: str = "", *, agent_name: str = "", strict: bool = False) -> list[HandoffIssue]:
    """Problems in what the sub-agent hands back. `strict` (plain prose, not a report) checks only
    the unambiguous signs: placeholders and corrupted structure."""
    issues: list[HandoffIssue] = []
    who = f"agent '{agent_name}'" if agent_name else "the sub-agent"
    if not strict and not answer.strip():
        issues.append(HandoffIssue(kind="missing_detail", detail="The report has no final answer.",
                                   question=f"What is the final answer of {who}?"))
    for m in list(_PLACEHOLDER.finditer(answer))[:3]:
        context = _snippet(answer, m.start(), m.end())
        issues.append(HandoffIssue(
            kind="missing_detail", detail=f"Placeholder '{m.group(0).strip(' :=|')}' left in: \"{context}\"",
            question=f"What is the actual value behind '{m.group(0).strip(' :=|')}' in \"{context[:80]}\"?",
        ))
    issues.extend(_corruption(answer))
    if strict:
        return issues
    for m in list(_AMBIGUOUS.finditer(answer))[:2]:
        issues.append(HandoffIssue(
            kind="ambiguous_reference", detail=f"'{m.group(0)}' points at something the receiver cannot see.",
            question=f"Which exact item (name, path or value) does '{m.group(0)}' refer to?",
        ))
    first = answer.strip().split("\n", 1)[0]
    if _PRONOUN_START.match(first) and len(first) < 200:
        word = first.split()[0]
        issues.append(HandoffIssue(
            kind="ambiguous_reference", detail=f"The answer opens with '{word}' and no antecedent: \"{first[:80]}\"",
            question=f"What does '{word}' refer to in the final answer?",
        ))
    for source in (answer, log):
        said = _CAPABILITY.search(source)
        if said:
            issues.append(HandoffIssue(
                kind="wrong_role",
                detail=f"{who.capitalize()} reports it could not do the job: \"{said.group(0).strip()}\"",
                question="Which agent or tool can do this step instead, or can the needed input be given directly?",
            ))
            break
    asked = _ASKS_BACK.search(answer)
    if asked:
        issues.append(HandoffIssue(
            kind="wrong_role",
            detail=f"{who.capitalize()} asks a question instead of answering: \"{asked.group(0)[:120]}\"",
            question=asked.group(0)[:200],
        ))
    return issues


def _corruption(text: str) -> list[HandoffIssue]:
    issues: list[HandoffIssue] = []
    for blob, whole in _json_candidates(text):
        problem = _json_problem(blob, whole)
        if problem:
            issues.append(HandoffIssue(
                kind="corrupted_value", detail=f"JSON does not parse ({problem}): {blob[:60]!r}",
                question="Can you resend the complete, valid JSON?",
            ))
            break
    if text.count("```") % 2:
        issues.append(HandoffIssue(kind="corrupted_value", detail="A code block is opened but never closed.",
                                   question="Can you resend the code block in full?"))
    widths = [ln.strip().strip("|").count("|") for ln in text.splitlines() if ln.strip().startswith("|")]
    if len(widths) >= 3 and len(set(widths)) > 1:
        issues.append(HandoffIssue(kind="corrupted_value", detail="A table has rows with different numbers of columns.",
                                   question="Can you resend the table with one value per column in every row?"))
    m = _MOJIBAKE.search(text) or _BAD_VALUE.search(text)
    if m:
        issues.append(HandoffIssue(
            kind="corrupted_value", detail=f"Garbled or empty value: \"{_snippet(text, m.start(), m.end(), 30)}\"",
            question=f"What is the correct value in \"{_snippet(text, m.start(), m.end(), 30)[:80]}\"?",
        ))
    return issues


def _json_problem(blob: str, whole: bool) -> str:
    """Why `blob` is not valid JSON, "" when it is. A JSON object followed by prose is fine (`whole`
    False); only a value that cannot close is corrupt."""
    try:
        if whole:
            json.loads(blob)
        else:
            json.JSONDecoder().raw_decode(blob)
    except json.JSONDecodeError as exc:
        return f"{exc.msg} at char {exc.pos}"
    except RecursionError:
        # Nested deeper than the parser recurses (thousands of levels): no sub-agent means that.
        return "nested too deeply to read"
    return ""


def _json_candidates(text: str) -> list[tuple[str, bool]]:
    """(blob, must_parse_whole): fenced ```json blocks, else the first line that opens like JSON."""
    fenced = [(m.group(1).strip(), True) for m in re.finditer(r"```json\s*\n(.*?)(?:```|\Z)", text, re.S)]
    if fenced:
        return [f for f in fenced if f[0]]
    m = re.search(r'(?m)^[ \t]*((?:\{\s*"|\[\s*[{"\d\[])[\s\S]*)', text)
    return [(m.group(1), False)] if m else []
