"""CSV and TSV in bytes: the delimiter sniffed, records and fields with
quoted delimiters and line ends."""

from __future__ import annotations

import pytest

from mojiscope.core.mojibake.table import fields, quoted_line_ends, record_ends, sniff_table


def values(record: bytes, delimiter: str = ",") -> list[bytes]:
    return [record[a:b] for a, b in fields(record, ord(delimiter))]


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        (b"a,b,c\n", [b"a", b"b", b"c"]),
        (b'a,"b,c",d\r\n', [b"a", b'"b,c"', b"d"]),
        (b'"x""y",z\n', [b'"x""y"', b"z"]),
        (b",,\n", [b"", b"", b""]),
        (b'a,b"c,d\n', [b"a", b'b"c', b"d"]),
        (b'"line\none",two\n', [b'"line\none"', b"two"]),
        (b"last", [b"last"]),
    ],
)
def test_fields_are_cut_as_rfc4180_says(record: bytes, expected: list[bytes]) -> None:
    assert values(record) == expected


def test_the_delimiter_is_the_one_that_cuts_most_lines_alike() -> None:
    head = "name;city;note\nJosé;Málaga;a, b\nZoë;Paris;c, d\n".encode()
    shape = sniff_table(head)
    assert shape is not None and shape.delimiter == ord(";") and shape.name == "CSV (;)"
    assert shape.header == ("name", "city", "note")
    tsv = sniff_table(b"a\tb\n1\t2\n3\t4\n")
    assert tsv is not None and tsv.name == "TSV"


def test_a_first_record_of_data_gives_no_names() -> None:
    shape = sniff_table(b"1;2;3\n4;5;6\n")
    assert shape is not None and shape.header == ()
    assert shape.column_name(1) == "column 2"


def test_prose_is_no_table() -> None:
    assert sniff_table(b"Once upon a time.\nThere was a file.\nThe end.\n") is None
    assert sniff_table(b"no line end at all") is None


def test_records_hold_quoted_line_ends() -> None:
    data = b'a,"b\nc",d\ne,f,g\n'
    assert quoted_line_ends(data)
    assert record_ends(data) == [10, 16]
    assert not quoted_line_ends(b'a,"b,c",d\ne,f,g\n')
    assert record_ends(b"x\ny") == [2, 3]
