"""The wording model and its guess: what an unrecognised output gets before `unknown`."""

from __future__ import annotations

import os
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

from supervisor_mcp.heuristics.errors import diagnose
from supervisor_mcp.heuristics.errors.diagnose import context_for
from supervisor_mcp.heuristics.errors.guess import guess_from, resembling
from supervisor_mcp.heuristics.errors.wording import COUNTS_FILE, Resemblance, resemblance
from supervisor_mcp.models import ErrorCategory

BENCH = Path(__file__).resolve().parents[1] / "bench"
# Words no rule reads as a mechanism: a vault that is sealed is a state the call did not meet.
SEALED = "sync: cannot sync: the remote vault is sealed\nsync: 1 operation pending"


def _wording_model() -> dict[str, object]:
    saved = sys.path[:]  # the trainer puts the repository and bench/ on the path
    try:
        return runpy.run_path(str(BENCH / "wording_model.py"))
    finally:
        sys.path[:] = saved


def _said(category: ErrorCategory) -> Resemblance:
    return Resemblance(category, 0.9, ("word",), "the line")


def test_shipped_counts_match_the_corpus():
    model = _wording_model()
    fresh = model["render"](model["training_rows"]())  # type: ignore[operator]
    assert COUNTS_FILE.read_text(encoding="utf-8") == fresh, (
        f"{COUNTS_FILE.name} is stale: run `{model['REGENERATE']}` and commit the result")


def test_no_held_out_text_reaches_the_model():
    model = _wording_model()
    same = model["normalise"]
    trained = {same(r["error"]) for r in model["training_rows"]()}  # type: ignore[operator]
    held_out = {same(r["error"]) for r in model["load"]() if r["split"] == "val"}  # type: ignore[operator]
    assert held_out and not trained & held_out


def test_an_unrecognised_output_gets_the_category_its_words_resemble():
    got = diagnose(SEALED)
    assert (got.category, got.fault, got.confidence) == ("precondition_failed", "agent", 0.4)


def test_the_guess_says_it_is_one_and_which_words_it_went_by():
    got = diagnose(SEALED)
    assert got.root_cause.startswith("No rule reads this output's mechanism; going by its words ('")
    assert "guess from wording" in got.fix


def test_the_guess_quotes_the_line_that_argues_most_for_it():
    assert diagnose(SEALED).evidence == ["sync: cannot sync: the remote vault is sealed"]


@pytest.mark.parametrize("category", ["transient", "missing_dependency", "unknown"])
def test_a_retry_or_an_install_is_never_advised_on_words_alone(category: ErrorCategory):
    assert guess_from(_said(category), context_for("deployer: the gateway kept dropping the socket", "")) is None


def test_a_non_zero_exit_is_never_guessed_to_be_fine():
    ctx = context_for("exit code: 1\nWARNING: Skipping foo as it is not installed.", "")
    assert guess_from(_said("not_an_error"), ctx) is None


def test_output_that_reports_errors_is_never_guessed_to_be_fine():
    ctx = context_for("Summary: 40 passed, 2 errors, 1 warning", "checker run")
    assert guess_from(_said("not_an_error"), ctx) is None


def test_tests_are_not_guessed_to_fail_when_none_failed():
    ctx = context_for("suite finished: 12 passed, 0 failed, 3 pending", "mytest")
    assert guess_from(_said("test_failure"), ctx) is None


def test_tests_may_be_guessed_to_fail_when_one_did():
    ctx = context_for("suite finished: 11 passed, 1 failed, 3 pending", "mytest")
    got = guess_from(_said("test_failure"), ctx)
    assert got is not None and got.category == "test_failure"


def test_a_file_shown_by_a_viewer_is_content_not_a_failure_to_guess_at():
    source = "def handle(request):\n    if request.user is None:\n        raise Forbidden('no access')\n"
    assert resemblance(source) is not None
    assert resembling(context_for(source, "sed -n 1,3p app/views.py")) is None


def test_output_mostly_in_another_language_gets_no_guess():
    assert resembling(context_for("同步失败：远程保管库已密封，无法写入配置文件 config.yaml", "")) is None


def test_two_words_are_too_few_to_resemble_anything():
    assert resemblance("Error: undefined") is None


def test_words_the_model_never_saw_give_no_guess():
    assert resemblance("zzqx vvwk qqpl") is None


def test_the_reasons_named_are_neither_path_parts_nor_function_words():
    found = resemblance("Error: cannot open /home/u/app/src/index.ts: the file is locked by another process")
    assert found is not None and found.words
    assert not {"home", "app", "src", "index", "ts"} & {w for f in found.words for w in f.split()}
    assert not any({"the", "is", "error"}.issuperset(f.split()) for f in found.words)


def test_the_quoted_line_does_not_depend_on_the_hash_seed():
    code = ("from supervisor_mcp.heuristics.errors import diagnose; "
            "print(diagnose('exit code: 1\\ndeploy permission quota\\nquota permission deploy', 'tool run').evidence)")
    seen = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2")}
    assert len(seen) == 1


def test_the_words_after_a_bare_error_prefix_outweigh_its_shape():
    got = diagnose("Error: widget spec has an unrecognised attribute colour, allowed attributes are size and shape")
    assert (got.category, got.confidence) == ("invalid_arguments", 0.4)


def test_a_bare_error_whose_words_agree_keeps_the_refusal_reading():
    got = diagnose("Error: the bucket named logs-2024 already holds an object at that key")
    assert (got.category, got.confidence) == ("precondition_failed", 0.5)


def test_a_bare_exit_status_is_never_the_line_quoted():
    found = resemblance("exit code: 1\nErreur : la requête a été rejetée par le serveur (quota)")
    assert found is not None and found.line.startswith("Erreur")
