"""The literal prefilter in front of the cue regexes: it may only skip a cue that cannot match."""

from __future__ import annotations

import json
from pathlib import Path

from supervisor_mcp.heuristics.errors.anchors import required_literals
from supervisor_mcp.heuristics.errors.cues import CUES

WRITTEN = Path(__file__).resolve().parents[1] / "bench" / "data" / "written_errors.jsonl"


def test_literals_are_read_from_every_alternative():
    assert required_literals(r"rate[ _-]?limit|too many requests") == {"limit", "too many requests"}


def test_an_optional_group_or_a_quantified_letter_is_not_required():
    assert required_literals(r"colou?r (?:red)?") == {"colo"}


def test_a_required_group_lends_its_literals_when_no_run_is_long_enough():
    assert required_literals(r"\b50[234]\b (?:bad gateway|unavailable)") == {"bad gateway", "unavailable"}


def test_an_alternative_with_no_literal_makes_the_whole_set_unknown():
    assert required_literals(r"timeout|^\d+$") is None


def test_no_cue_is_skipped_where_its_pattern_matches():
    texts = [json.loads(line)["error"] for line in WRITTEN.open(encoding="utf-8")]
    for cue in CUES:
        for text in texts:
            if cue.pattern.search(text):
                assert cue.may_match(text.lower()), (cue.name, text[:120])


def test_a_cues_parts_find_the_first_match_its_whole_pattern_finds():
    texts = [json.loads(line)["error"] for line in WRITTEN.open(encoding="utf-8")]
    for cue in CUES:
        for text in texts:
            whole = cue.pattern.search(text)
            starts = [m.start() for p in cue.patterns_for(text.lower()) if (m := p.search(text))]
            assert (whole.start() if whole else None) == (min(starts) if starts else None), (cue.name, text[:120])
