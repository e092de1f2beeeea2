"""Plain-text condensing: repeated lines, stack traces, file listings, budgeted selection."""

from supervisor_mcp.heuristics.observation.kind import is_listing
from supervisor_mcp.heuristics.purify import dedupe as repeats
from supervisor_mcp.heuristics.purify import render as markers
from supervisor_mcp.heuristics.purify import select as condense
from supervisor_mcp.heuristics.purify import tracebacks
from supervisor_mcp.heuristics.purify.ranking import query_terms
from supervisor_mcp.heuristics.purify.synthesize import condense_text

TASK = "Fix the crash in the payment retry logic when the card is declined"


def _grep_output() -> str:
    lines = []
    for d in ("api", "billing", "notifications", "reports", "users", "admin"):
        for f in range(1, 9):
            for n in range(1, 5):
                lines.append(f"src/{d}/module_{f}.py:{n * 17}:    logger.info('processing {d} item %s', item_id)")
    lines.insert(100, "src/billing/payment_retry.py:42:    raise CardDeclinedError(card.last4)  # retry logic bug")
    return "\n".join(lines)


def test_consecutive_identical_lines_collapse_to_one_with_a_count():
    lines = ["Starting worker"] + ["WARNING: connection pool is full, discarding connection"] * 40 + ["done"]
    out = repeats.collapse_runs(lines)
    assert out == ["Starting worker", "WARNING: connection pool is full, discarding connection",
                   "[... line repeated 39 more times ...]", "done"]


def test_lines_differing_only_in_numbers_keep_first_and_last():
    lines = [f"Downloading chunk {i}/200 ({i * 5} KB)" for i in range(1, 201)]
    out = repeats.collapse_runs(lines)
    assert out[0] == "Downloading chunk 1/200 (5 KB)" and out[-1] == "Downloading chunk 200/200 (1000 KB)"
    assert len(out) == 3 and "198 similar lines" in out[1]


def test_cookie_notice_and_nav_bar_are_boilerplate_but_a_sentence_is_not():
    assert repeats.is_boilerplate("We use cookies to improve your experience.")
    assert repeats.is_boilerplate("Home | News | Sport | Weather | Contact")
    assert not repeats.is_boilerplate("The council signed the agreement in February.")


def test_long_python_traceback_keeps_outer_and_inner_frames():
    frames = []
    for i in range(20):
        frames += [f'  File "/app/pkg/layer_{i}.py", line {10 + i}, in call_{i}', f"    return call_{i + 1}(x)",
                   "           ^^^^^^^^^^^^^"]
    lines = ["Traceback (most recent call last):", *frames, "ZeroDivisionError: division by zero"]
    out = tracebacks.compact(lines)
    text = "\n".join(out)
    assert 'File "/app/pkg/layer_0.py", line 10, in call_0' in text
    assert 'File "/app/pkg/layer_19.py", line 29, in call_19' in text
    assert "[... 15 frames omitted: layer_2.py:12 call_2" in text
    assert out[-1] == "ZeroDivisionError: division by zero"
    assert "^^^" not in text


def test_grep_output_is_recognised_as_a_listing():
    assert is_listing(_grep_output().splitlines())


def test_long_grep_listing_keeps_the_task_relevant_entry():
    out = condense_text(_grep_output(), task=TASK, source='grep -rn "logger" src/')
    assert "src/billing/payment_retry.py:42:    raise CardDeclinedError(card.last4)  # retry logic bug" in out
    assert len(out) < len(_grep_output()) / 2.5


def test_long_grep_listing_summarises_other_files_with_counts():
    out = condense_text(_grep_output(), task=TASK, source='grep -rn "logger" src/')
    reports = [line for line in out.splitlines() if line.startswith("src/reports/")]
    assert reports and all("module_3.py" in line for line in reports)  # every file stays findable
    assert "entries omitted" in reports[0]


def test_omitted_code_marker_names_the_definitions_it_hides():
    lines = ["def relevant_payment_retry(card):", "    return retry(card)", ""]
    for i in range(30):
        lines += [f"def helper_{i}(value):", f"    total = value * {i}", "    return total", ""]
    plan = condense.select(lines, query_terms(TASK), budget=300, code=True)
    text = markers.render(plan)
    assert "def relevant_payment_retry(card):" in text
    assert "lines omitted" in text and "def helper_" in text


def test_names_index_lists_identifiers_of_omitted_code():
    lines = ["def relevant_payment_retry(card):", "    return retry(card)"]
    lines += [f"    audit_log_{i}.record(card, reason='x')" for i in range(30)]
    plan = condense.select(lines, query_terms(TASK), budget=120, code=True)
    text = markers.render(plan, index_budget=400)
    assert "names: " in text and "audit_log_17.record" in text


def test_structural_error_line_survives_a_tight_budget():
    lines = [f"INFO step {i}: copied shard_{i}.parquet to bucket" for i in range(200)]
    lines.insert(120, "ERROR: PermissionError: [Errno 13] Permission denied: '/data/out/shard_120.parquet'")
    out = condense_text("\n".join(lines), task="Export the shards to the bucket")
    assert "PermissionError: [Errno 13] Permission denied: '/data/out/shard_120.parquet'" in out


def test_last_lines_of_a_log_are_kept():
    lines = [f"compiling module_{i}.c" for i in range(300)] + ["Build finished: 2 warnings, 0 errors"]
    out = condense_text("\n".join(lines), task="Build the project")
    assert out.rstrip().endswith("Build finished: 2 warnings, 0 errors")


def test_diff_keeps_changed_lines_of_modified_files_over_a_new_files_body():
    modified = ["diff --git a/shop/cart.py b/shop/cart.py", "index 1a2b3c4..5d6e7f8 100644",
                "--- a/shop/cart.py", "+++ b/shop/cart.py", "@@ -40,7 +40,7 @@ def total(items):",
                "     subtotal = sum(i.price for i in items)", "-    return round(subtotal * 0.9)",
                "+    return round(subtotal * 0.9, 2)", "     # rounding to cents"]
    new_file = ["diff --git a/docs/notes.md b/docs/notes.md", "new file mode 100644", "index 0000000..1111111",
                "--- /dev/null", "+++ b/docs/notes.md", "@@ -0,0 +1,300 @@"]
    new_file += [f"+Release note paragraph {i}: checkout_flow_{i} changed wording for customers." for i in range(300)]
    out = condense_text("\n".join(modified + new_file), task="Fix the cart total rounding")
    assert "-    return round(subtotal * 0.9)" in out and "+    return round(subtotal * 0.9, 2)" in out
    assert "@@ -40,7 +40,7 @@ def total(items):" in out
