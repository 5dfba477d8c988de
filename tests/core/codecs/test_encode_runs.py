"""Finding the special runs an encoder handles itself: the fast surrogate
finder (the UTF-8 encoder's error handler) agrees with the regex engine."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from mojiscope.core import get_format
from mojiscope.core.codecs.encode_runs import SURROGATE_RUNS, _special_runs, encode_by_runs
from mojiscope.core.codecs.utf8 import variants as utf8

mixed_text = st.text(
    st.one_of(
        st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF),
        st.characters(codec="utf-8"),
        st.sampled_from(["a", "é", "中", "😀"]),
    ),
    max_size=200,
)


@settings(max_examples=300, deadline=None)
@given(mixed_text)
def test_surrogate_runs_found_by_the_codec_equal_the_regex_matches(text):
    slow = [m.span() for m in re.compile("[\ud800-\udfff]+", re.UNICODE).finditer(text)]
    assert list(_special_runs(SURROGATE_RUNS, text)) == slow


def test_a_lead_and_a_trail_side_by_side_are_one_run():
    assert list(_special_runs(SURROGATE_RUNS, "a\ud83d\ude00b\udc80")) == [(1, 3), (4, 5)]


def test_another_pattern_goes_through_the_regex_engine():
    assert list(_special_runs(re.compile("[\uef80-\uefff]+"), "x\uef80\uef81y")) == [(1, 3)]


@settings(max_examples=300, deadline=None)
@given(mixed_text, st.sampled_from(["utf-8", "utf-8b", "wtf-8"]))
def test_utf8_in_one_pass_equals_encoding_run_by_run(text, format_id):
    # The one-pass path cuts one UTF-8 encoding at a seam byte; the general
    # path encodes each plain run on its own: same bytes, same spans.
    special = {
        "utf-8": utf8._unencodable,
        "utf-8b": utf8._escapes_or_unencodable,
        "wtf-8": utf8._wtf8_surrogate_run,
    }[format_id]
    one_pass = encode_by_runs(text, SURROGATE_RUNS, str.encode, special)
    run_by_run = encode_by_runs(text, SURROGATE_RUNS, lambda s: s.encode(), special)
    assert one_pass.data == run_by_run.data
    assert list(one_pass.spans) == list(run_by_run.spans)
    assert one_pass.data == get_format(format_id).encode_spans(text).data
