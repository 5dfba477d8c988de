"""The explainer on the hand-written development corpus (tests/data/mojibake,
generated; see tests/data/README.md): every case is repaired right at top-1,
or it is listed in known_failures.json with a reason and expected to fail
(strictly: a listed case that starts to pass fails the run, so the list
stays true). The explainer never reads the corpus; held-out figures are the
benchmark's (tests/bench/bench_mojibake.py), on data this corpus is not.
"""

from __future__ import annotations

import base64
import json

import pytest
from helpers.paths import DATA as TESTS_DATA

from mojiscope.core.mojibake import explain

DATA = TESTS_DATA / "mojibake"
CATEGORIES = {
    "utf8-misread", "utf8-misread-layers", "legacy-misread", "legacy-on-disk", "utf16-misread",
    "html-charset", "lost-dropped", "lost-question-mark", "lost-replacement", "nbsp-to-space",
    "mixed-parts", "cut-sequence",
}  # fmt: skip


def _cases(name: str) -> list[dict[str, object]]:
    cases: list[dict[str, object]] = json.loads((DATA / name).read_text("utf-8"))["cases"]
    return cases


def _input(case: dict[str, object]) -> bytes:
    if "base64" in case:
        return base64.b64decode(str(case["base64"]))
    return str(case["text"]).encode("utf-8")


KNOWN = {
    str(c["label"]): str(c["reason"])
    for c in json.loads((DATA / "known_failures.json").read_text("utf-8"))["cases"]
}
ALL = _cases("damaged.json") + _cases("correct.json")


def test_corpus_is_as_the_issue_asks() -> None:
    damaged, correct = _cases("damaged.json"), _cases("correct.json")
    assert len(damaged) >= 300 and len(correct) >= 80
    assert len({c["language"] for c in damaged} - {"mixed"}) >= 20
    assert {str(c["category"]) for c in damaged} == CATEGORIES
    assert set(KNOWN) <= {str(c["label"]) for c in ALL}


@pytest.mark.parametrize(
    "case",
    [
        pytest.param(c, marks=pytest.mark.xfail(reason=KNOWN[str(c["label"])], strict=True))
        if str(c["label"]) in KNOWN
        else c
        for c in ALL
    ],
    ids=[str(c["label"]) for c in ALL],
)
def test_case_is_repaired_right_at_top_1(case: dict[str, object]) -> None:
    assert explain(_input(case))[0].text == case["expect"]
