"""The Python API refuses wrong arguments with the right error, naming the parameter.

Issue 12, items 11 and 15: format names that are not formats always raise
``UnknownFormatError`` (with the real reason for codecs Python knows but
Mojiscope refuses); ``errors`` is exactly ``"strict"`` or ``"replace"``
whatever the bytes; wrong types are ``TypeError``.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mojiscope.core import (
    Format,
    UnknownFormatError,
    decode,
    encode,
    formats,
    get_format,
)
from mojiscope.core.codecs.cutf8.format import encode_code_points

# ---------------------------------------------------------------- format names


@pytest.mark.parametrize(
    "name",
    ["undefined", "\udcff", "utf-8\x00", "a\x00b", "", "   ", "no-such-codec", "é", "cp\u0661252"],
    ids=["undefined", "lone surrogate", "NUL after a name", "NUL inside", "empty", "spaces",
         "unknown", "non-ASCII", "Arabic-Indic digit"],
)  # fmt: skip
def test_name_that_is_no_format_is_unknown_format_error(name: str) -> None:
    with pytest.raises(UnknownFormatError):
        get_format(name)


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("iso2022_jp", "stateful"),
        ("ISO-2022-KR", "stateful"),
        ("utf_7", "stateful"),
        ("hz", "stateful"),
        ("rot13", "not a text encoding"),
        ("base64", "not a text encoding"),
        ("idna", "not a code page"),
        ("unicode_escape", "not a code page"),
        ("undefined", "refuses every byte"),
        ("utf-8-sig", "use the format utf-8 (a leading BOM shows as a signature span)"),
        ("cp65001", "use the format utf-8"),
    ],
)
def test_refused_codec_says_why(name: str, words: str) -> None:
    with pytest.raises(UnknownFormatError, match="^" + repr(name).replace("(", r"\(")) as caught:
        get_format(name)
    assert words in str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("name", "format_id"),
    [("utf_16_be", "utf-16be"), ("UTF-16-LE", "utf-16le"), ("utf_32", "utf-32")],
)
def test_pythons_names_for_our_unicode_forms_are_aliases(name: str, format_id: str) -> None:
    assert get_format(name) is get_format(format_id)


@pytest.mark.parametrize("name", ["utf-8-sig", "cp65001"])
def test_suggested_unicode_form_exists(name: str) -> None:
    with pytest.raises(UnknownFormatError) as caught:
        get_format(name)
    suggestion = str(caught.value).split("use the format ")[1].split(" ")[0]
    assert isinstance(get_format(suggestion), Format)


@pytest.mark.parametrize("name", [None, 3, b"utf-8", ["utf-8"]], ids=repr)
def test_format_of_wrong_type_is_type_error(name: object) -> None:
    with pytest.raises(TypeError, match="format must be a str or a Format"):
        get_format(name)  # type: ignore[arg-type]


@given(st.text(max_size=20))
def test_any_name_gives_a_format_or_unknown_format_error(name: str) -> None:
    try:
        fmt = get_format(name)
    except UnknownFormatError as error:
        assert "\n" not in str(error)
    else:
        assert isinstance(fmt, Format)


# ---------------------------------------------------------------- errors=


BAD_ERRORS = ["Strict", "STRICT", "Replace", "ignore", "surrogateescape", "", " strict"]


@pytest.mark.parametrize("errors", BAD_ERRORS)
def test_encode_refuses_errors_near_misses(errors: str) -> None:
    # "Strict" used to mean replace and write U+FFFD.
    with pytest.raises(ValueError, match=f"errors must be 'strict' or 'replace', not {errors!r}"):
        encode("a\udcff", "utf-8", errors=errors)  # type: ignore[arg-type]


@pytest.mark.parametrize("data", [b"a", b"a\xff", b""], ids=["valid", "invalid", "empty"])
@pytest.mark.parametrize("errors", BAD_ERRORS)
def test_decode_refuses_bad_errors_whatever_the_bytes(data: bytes, errors: str) -> None:
    # "ignore" used to succeed on valid bytes and fail only on invalid ones.
    with pytest.raises(ValueError, match="errors must be 'strict' or 'replace'"):
        decode(data, "utf-8", errors=errors)  # type: ignore[arg-type]


@pytest.mark.parametrize("errors", [None, 0, b"strict"], ids=repr)
def test_errors_of_wrong_type_is_type_error(errors: object) -> None:
    with pytest.raises(TypeError, match="errors must be 'strict' or 'replace'"):
        decode(b"a", "utf-8", errors=errors)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="errors must be 'strict' or 'replace'"):
        encode("a", "utf-8", errors=errors)  # type: ignore[arg-type]


@given(
    fmt=st.sampled_from([f.id for f in formats()]),
    data=st.binary(max_size=40),
    errors=st.text(max_size=10).filter(lambda e: e not in ("strict", "replace")),
)
def test_every_format_refuses_every_other_errors_value(fmt: str, data: bytes, errors: str) -> None:
    format_ = get_format(fmt)
    calls: list[Callable[[], object]] = [
        lambda: format_.decode(data, errors),  # type: ignore[arg-type]
        lambda: format_.decode_window(data, 0, len(data), errors),  # type: ignore[arg-type]
        lambda: format_.incremental_decoder(errors),  # type: ignore[arg-type]
        lambda: format_.encode(data.decode("latin-1"), errors),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(ValueError, match="errors must be 'strict' or 'replace'"):
            call()


# ---------------------------------------------------------------- wrong types


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: encode(None), "text must be a str, not NoneType"),
        (lambda: encode(b"abc"), "text must be a str, not bytes"),
        (lambda: decode(None), "data must be bytes, bytearray or memoryview, not NoneType"),
        (lambda: decode("abc"), "data must be bytes, bytearray or memoryview, not str"),
        (lambda: get_format(None), "format must be a str or a Format, not NoneType"),
        (lambda: decode(b"a", policy=None), "policy must be a str, not NoneType"),
        (lambda: encode_code_points([1.5]), "code_points must be integers, not float"),
        (lambda: encode_code_points([65, "B"]), "code_points must be integers, not str"),
        (lambda: encode_code_points([True]), "code_points must be integers, not bool"),
    ],
    ids=["encode None", "encode bytes", "decode None", "decode str", "get_format None",
         "policy None", "code point float", "code point str", "code point bool"],
)  # fmt: skip
def test_wrong_type_is_type_error_naming_the_parameter(
    call: Callable[[], object], words: str
) -> None:
    with pytest.raises(TypeError, match=words):
        call()


def test_encode_code_points_huge_integer_is_out_of_range() -> None:
    with pytest.raises(ValueError, match=r"at index 1 is outside 0\.\.0x8421109F"):
        encode_code_points([65, 2**70])


def test_encode_code_points_refuses_bad_errors() -> None:
    with pytest.raises(ValueError, match="errors must be 'strict' or 'replace', not 'Strict'"):
        encode_code_points([0xD800], errors="Strict")  # type: ignore[arg-type]


@given(st.lists(st.floats(allow_nan=True) | st.text(max_size=2), min_size=1, max_size=5))
def test_encode_code_points_takes_integers_only(values: list[object]) -> None:
    with pytest.raises(TypeError, match="code_points must be integers"):
        encode_code_points(values)  # type: ignore[arg-type]
