"""Key facts (verbatim evidence), conflicting values, gaps; and the ranking they rely on."""

from supervisor_mcp.heuristics.purify.conflicts import conflicts
from supervisor_mcp.heuristics.purify.facts import asked_terms, gaps, key_facts, verbatim_span
from supervisor_mcp.heuristics.purify.ranking import Ranker, query_terms, split_identifier, terms

LOG = """\
collected 214 items

tests/test_checkout.py ........F.....
tests/test_refunds.py ..............

=================================== FAILURES ===================================
___________________________ test_discount_rounding ____________________________
E       AssertionError: assert Decimal('9.99') == Decimal('10.00')
tests/test_checkout.py:88: AssertionError
========================= 1 failed, 213 passed in 4.12s ========================="""


def test_key_fact_evidence_is_verbatim_in_the_input():
    facts = key_facts(LOG, LOG, query_terms("Fix the discount rounding in checkout"), prose=False)
    assert facts
    assert all(fact.evidence in LOG for fact in facts)


def test_error_line_is_the_first_key_fact_of_a_test_run():
    facts = key_facts(LOG, LOG, query_terms("Fix the discount rounding in checkout"), prose=False)
    assert facts[0].evidence == "E       AssertionError: assert Decimal('9.99') == Decimal('10.00')"


def test_test_summary_is_a_key_fact():
    facts = key_facts(LOG, LOG, query_terms("Fix the discount rounding in checkout"), prose=False)
    assert any("1 failed, 213 passed" in fact.evidence for fact in facts)


def test_evidence_from_html_is_a_text_node_not_the_rendered_sentence():
    html = "<p>The bridge reopened on <b>14 March 2024</b>, the council said on Thursday.</p>"
    assert verbatim_span("The bridge reopened on 14 March 2024, the council said on Thursday.", html) == (
        "the council said on Thursday."
    )


def test_two_dates_for_the_same_event_are_a_conflict():
    text = ("The new terminal opened on 12 May 2021, the airport said. "
            "A later press note says the terminal opened on 2021-06-01 after a delay.")
    found = conflicts(text)
    assert len(found) == 1 and "opened" in found[0]


def test_two_values_for_a_named_quantity_are_a_conflict():
    text = "Population: 522,250\nArea: 47.87 km2\nThe census lists it again later. Population: 516,092"
    found = conflicts(text)
    assert len(found) == 1 and "population" in found[0]


def test_yearly_figures_are_a_series_not_a_conflict():
    assert conflicts("Revenue was 5 million in 2019. Revenue was 6 million in 2020.") == []


def test_same_verb_for_different_subjects_is_not_a_conflict():
    assert conflicts("The terminal opened on 12 May 2021. The shop opened on 3 June 2021.") == []


def test_same_value_written_twice_is_not_a_conflict():
    assert conflicts("Population: 522,250 in 2020. The population was 522250 that year.") == []


def test_entity_named_by_the_task_but_absent_is_a_gap():
    found = gaps("Lyon has 522,250 inhabitants.", "Compare the populations of Lyon and Marseille.", "")
    assert found == ["The task mentions 'Marseille' but the result does not contain it."]


def test_backticked_name_in_the_sub_task_but_absent_is_a_gap():
    found = gaps("def foo():\n    pass\n", "Fix the bug", "I'll look for `_cstack` in separable.py")
    assert any("_cstack" in g for g in found)


def test_long_task_contributes_no_gaps_of_its_own():
    long_task = "Consider the following PR description: " + "The `Widget` class is slow. " * 40
    assert asked_terms(long_task, "") == []


def test_identifier_splits_into_snake_and_camel_parts():
    assert split_identifier("get_HTTPResponse_code") == ["get", "http", "response", "code"]


def test_terms_keep_whole_identifier_and_parts_without_stop_words():
    assert terms("the separability_matrix") == ["separability_matrix", "separability", "matrix"]


def test_bm25_ranks_the_passage_naming_the_task_terms_first():
    passages = ["def render(template): ...", "def separability_matrix(transform): ...", "import numpy as np"]
    scores = Ranker(passages).scores(query_terms("separability_matrix is wrong for nested models"))
    assert max(range(3), key=lambda i: scores[i]) == 1
