"""The wording model: the guess from words an unrecognised output gets before `unknown`."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

from supervisor_mcp.heuristics.errors import diagnose
from supervisor_mcp.heuristics.errors.wording import COUNTS_FILE, resemblance

BENCH = Path(__file__).resolve().parents[1] / "bench"
# Words no rule reads as a mechanism: a vault that is sealed is a state the call did not meet.
SEALED = "sync: cannot sync: the remote vault is sealed\nsync: 1 operation pending"
# Words of a network failure no rule reads: the model says transient, which is never guessed.
DROPPED = ("deployer: the upstream registry gateway kept dropping the socket mid transfer, try again in a few "
           "minutes\nabort")


def _wording_model() -> dict[str, object]:
    sys.path.insert(0, str(BENCH))
    try:
        return runpy.run_path(str(BENCH / "wording_model.py"))
    finally:
        sys.path.remove(str(BENCH))


def test_shipped_counts_match_the_corpus():
    model = _wording_model()
    fresh = model["render"](model["training_rows"]())  # type: ignore[operator]
    assert COUNTS_FILE.read_text(encoding="utf-8") == fresh, (
        f"{COUNTS_FILE.name} is stale: run `{model['REGENERATE']}` and commit the result")


def test_the_held_out_split_never_reaches_the_model():
    model = _wording_model()
    trained = {r["id"] for r in model["training_rows"]()}  # type: ignore[operator]
    held_out = {r["id"] for r in model["load"]() if r["split"] == "val"}  # type: ignore[operator]
    assert held_out and not trained & held_out


def test_an_unrecognised_output_gets_the_category_its_words_resemble():
    got = diagnose(SEALED)
    assert (got.category, got.confidence) == ("precondition_failed", 0.4)


def test_the_guess_says_it_is_one_and_which_words_it_went_by():
    got = diagnose(SEALED)
    assert got.root_cause.startswith("No rule reads this output's mechanism; going by its words ('")
    assert "guess from wording" in got.fix


def test_the_guess_quotes_the_line_that_argues_most_for_it():
    assert diagnose(SEALED).evidence == ["sync: cannot sync: the remote vault is sealed"]


def test_a_retry_is_never_advised_on_words_alone():
    found = resemblance(DROPPED)
    assert found is not None and found.category == "transient"
    got = diagnose(DROPPED)
    assert (got.category, got.retryable) == ("unknown", False)


def test_words_the_model_never_saw_give_no_guess():
    assert resemblance("zzqx vvwk qqpl") is None


def test_a_file_shown_by_a_viewer_is_content_not_a_failure_to_guess_at():
    source = "def handle(request):\n    if request.user is None:\n        raise Forbidden('no access')\n"
    assert resemblance(source) is not None
    assert diagnose(source, "sed -n 1,3p app/views.py").category == "unknown"


def test_a_non_zero_exit_is_never_guessed_to_be_fine():
    out = "exit code: 1\nWARNING: Skipping foo as it is not installed."
    found = resemblance(out)
    assert found is not None and found.category == "not_an_error"
    assert diagnose(out).category == "unknown"


def test_tests_are_not_guessed_to_fail_where_no_word_says_anything_failed():
    out = "Ran 1 test.\n\nAll tests passed. Note: a call missing a parameter defaults to None."
    found = resemblance(out)
    assert found is not None and found.category == "test_failure"
    assert diagnose(out, "python -m unittest").category == "unknown"


def test_two_words_are_too_few_to_resemble_anything():
    assert resemblance("Error: undefined") is None


def test_the_words_after_a_bare_error_prefix_outweigh_its_shape():
    got = diagnose("Error: could not locate the manifest file deploy/app.yaml in the workspace")
    assert (got.category, got.confidence) == ("file_not_found", 0.4)


def test_a_bare_error_whose_words_agree_keeps_the_refusal_reading():
    got = diagnose("Error: the bucket named logs-2024 already holds an object at that key")
    assert (got.category, got.confidence) == ("precondition_failed", 0.5)
