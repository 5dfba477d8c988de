"""The bundled demo shows every phenomenon the issue lists, and is up to date."""

from __future__ import annotations

from importlib import resources

from mojiscope.core import decode
from mojiscope.resources.make_demo import demo_bytes

DEMO = resources.files("mojiscope.resources").joinpath("demo.bin").read_bytes()


def kinds_and_reasons(fmt: str) -> set[tuple[str, str | None]]:
    return {(s.kind.value, s.reason.value if s.reason else None) for s in decode(DEMO, fmt).spans}


def test_committed_demo_matches_its_generator() -> None:
    assert demo_bytes() == DEMO


def test_demo_starts_with_a_utf8_bom_and_holds_mojibake() -> None:
    utf8 = decode(DEMO, "utf-8")
    assert utf8.spans[0].kind == "signature"
    assert "cafÃ©" in utf8.text
    assert "Ελληνικά" in utf8.text


def test_demo_holds_every_invalid_reason_of_utf8_and_an_overlong_slash() -> None:
    reasons = {r for k, r in kinds_and_reasons("utf-8") if k == "invalid"}
    assert reasons >= {
        "stray-continuation", "overlong", "surrogate", "out-of-range", "invalid-byte", "truncated",
    }  # fmt: skip
    overlong = [s for s in decode(DEMO, "utf-8").spans if s.reason == "overlong"]
    assert any(
        DEMO[s.byte_start : s.byte_start + 2] == b"\xc0\xaf" and s.value == 0x2F for s in overlong
    )


def test_demo_shows_wtf8_xtf8_stf7_and_corrected_utf8_phenomena() -> None:
    assert any(k == "surrogate" for k, _ in kinds_and_reasons("wtf-8"))
    xtf8 = {k for k, _ in kinds_and_reasons("xtf-8")}
    assert {"escape", "collision"} <= xtf8
    assert ("warning", "indirect-ascii") in kinds_and_reasons("stf-7")
    assert "Grüße" in decode(DEMO, "stf-7").text
    corrected = decode(DEMO, "corrected-utf-8").spans
    beyond = [s for s in corrected if s.kind == "beyond"]
    assert any(s.byte_end - s.byte_start == 5 and s.value and s.value > 0x10FFFF for s in beyond)
    assert any(s.kind == "reserved" for s in corrected)
