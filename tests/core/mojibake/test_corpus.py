"""The explainer on the labelled corpus (tests/data/mojibake, generated; see
tests/data/README.md): floors at the figures reached when this test was
written, so that accuracy cannot silently regress. The explainer never
reads the corpus; only this test and tests/bench/bench_mojibake.py do.

Figures when written (docs/MOJIBAKE.md): top-1 95.3%, top-3 98.4% of 385
damaged cases, 1 of 165 correct texts changed (it quotes mojibake).
"""

from __future__ import annotations

import base64
import json
from collections import Counter

import pytest
from helpers.paths import DATA as TESTS_DATA

from mojiscope.core.mojibake import explain

DATA = TESTS_DATA / "mojibake"

#: Per category: the least share of cases whose best candidate is right.
TOP1_FLOORS = {
    "utf8-misread": 1.0,
    "utf8-misread-layers": 1.0,
    "legacy-misread": 0.96,
    "legacy-on-disk": 0.96,
    "utf16-misread": 1.0,
    "html-charset": 1.0,
    "lost-dropped": 0.58,
    "lost-question-mark": 0.58,
    "lost-replacement": 0.66,
    "nbsp-to-space": 1.0,
    "mixed-parts": 1.0,
    "cut-sequence": 1.0,
}


def _cases(name: str) -> list[dict[str, object]]:
    cases: list[dict[str, object]] = json.loads((DATA / name).read_text("utf-8"))["cases"]
    return cases


def _input(case: dict[str, object]) -> bytes:
    if "base64" in case:
        return base64.b64decode(str(case["base64"]))
    return str(case["text"]).encode("utf-8")


@pytest.fixture(scope="module")
def damaged_results() -> list[tuple[dict[str, object], list[str]]]:
    return [(case, [e.text for e in explain(_input(case))]) for case in _cases("damaged.json")]


def test_corpus_is_as_the_issue_asks() -> None:
    damaged, correct = _cases("damaged.json"), _cases("correct.json")
    assert len(damaged) >= 300 and len(correct) >= 80
    assert len({c["language"] for c in damaged} - {"mixed"}) >= 20
    assert set(TOP1_FLOORS) == {str(c["category"]) for c in damaged}


@pytest.mark.slow
def test_top1_and_top3_overall_hold_their_floor(
    damaged_results: list[tuple[dict[str, object], list[str]]],
) -> None:
    top1 = sum(texts[0] == case["expect"] for case, texts in damaged_results)
    top3 = sum(case["expect"] in texts[:3] for case, texts in damaged_results)
    assert top1 / len(damaged_results) >= 0.953
    assert top3 / len(damaged_results) >= 0.984


@pytest.mark.slow
def test_each_category_holds_its_floor(
    damaged_results: list[tuple[dict[str, object], list[str]]],
) -> None:
    right: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for case, texts in damaged_results:
        total[str(case["category"])] += 1
        right[str(case["category"])] += texts[0] == case["expect"]
    shares = {category: right[category] / total[category] for category in total}
    assert {c: s for c, s in shares.items() if s < TOP1_FLOORS[c]} == {}


@pytest.mark.slow
def test_correct_texts_are_left_alone() -> None:
    changed = [
        case["label"]
        for case in _cases("correct.json")
        if explain(_input(case))[0].text != case["expect"]
    ]
    assert len(changed) <= 1, changed
