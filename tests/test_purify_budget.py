"""Budget by kind of output and the names index that fills what the kept lines leave."""

from supervisor_mcp.heuristics.observation import observe
from supervisor_mcp.heuristics.purify import render as markers
from supervisor_mcp.heuristics.purify import select as condense
from supervisor_mcp.heuristics.purify.ranking import query_terms
from supervisor_mcp.heuristics.purify.synthesize import budget_for, condense_text

TASK = "Fix the crash in the payment retry logic when the card is declined"


def _module(n: int = 80) -> str:
    lines = ['"""Payment helpers."""', "", "def retry_payment(card):", "    return charge(card)", ""]
    for i in range(n):
        lines += [f"def settle_invoice_{i}(ledger_{i}, amount):",
                  f'    """Settle the ledger entry reconciled by the nightly batch {i}."""',
                  f"    return ledger_{i}.post(amount * {i})", ""]
    return "\n".join(lines)


def test_a_printed_source_file_is_a_file_view_whatever_printed_it():
    for source in ("cat src/pay.py", "nl -ba src/pay.py | sed -n '10,90p'", "cd /repo && head -n 80 src/pay.py", ""):
        assert observe(_module(), source=source).kind == "file_view"


def test_a_file_view_gets_more_budget_than_a_log_of_the_same_length():
    assert budget_for(12_000, 3000, "file_view") > budget_for(12_000, 3000, "test_report")


def test_prose_keeps_the_general_budget():
    assert budget_for(12_000, 3000, "prose") == budget_for(12_000, 3000)


def test_condensed_file_view_fills_its_budget():
    text = _module()
    out = condense_text(text, task=TASK, source="cat src/pay.py")
    budget = budget_for(len(text), 3000, "file_view")
    assert 0.9 * budget <= len(out) <= 1.05 * budget


def test_index_lists_code_names_before_docstring_words():
    lines = _module(60).splitlines()
    plan = condense.select(lines, query_terms(TASK), budget=200, code=True)
    text = markers.render(plan, index_budget=300)
    names = ", ".join(line.split("names: ", 1)[1] for line in text.splitlines() if "names: " in line)
    assert "ledger_" in names and "nightly" not in names


def test_index_lists_docstring_words_when_the_budget_allows():
    lines = _module(10).splitlines()
    plan = condense.select(lines, query_terms(TASK), budget=200, code=True)
    text = markers.render(plan, index_budget=3000)
    assert "reconciled" in text and "nightly" in text


def test_leftover_index_budget_goes_back_to_whole_lines():
    # Lines about the task with few distinct names: the index cannot spend its share.
    short = [a + b for a in "abcdefgh" for b in "ijklmnop"]
    lines = [f"    {x} = retry(card, {y})  # declined" for x, y in zip(short * 4, short[7:] * 4, strict=False)]
    out = condense_text("\n".join(lines), task=TASK, source="cat src/settle.py")
    kept = [line for line in out.splitlines() if line.startswith("    ") and " = " in line]
    budget = budget_for(len("\n".join(lines)), 3000, observe("\n".join(lines), source="cat src/settle.py").kind)
    assert sum(len(line) + 1 for line in kept) > 0.6 * budget
