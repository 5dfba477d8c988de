"""--hex on the command line reads C arrays and xxd -i output too."""

from __future__ import annotations

XXD_I = (
    "unsigned char a_bin[] = {\n  0x63, 0x61, 0x66, 0xc3, 0xa9\n};\nunsigned int a_bin_len = 5;\n"
)


def test_convert_reads_an_xxd_i_array(mojiscope) -> None:  # type: ignore[no-untyped-def]
    run = mojiscope("convert", "--hex", XXD_I, "--from", "utf-8", "--to", "utf-16le")
    assert run.returncode == 0, run.stderr
    assert run.stdout == "café".encode("utf-16-le")


def test_a_truncated_xxd_i_array_is_one_line_naming_line_and_column(mojiscope) -> None:  # type: ignore[no-untyped-def]
    text = XXD_I.replace("_len = 5", "_len = 9")
    run = mojiscope("convert", "--hex", text, "--from", "utf-8", "--to", "utf-16le")
    assert run.returncode == 2
    assert len(run.stderr_lines) == 1
    assert "line 4, column 26" in run.stderr and "found length 9, expected 5" in run.stderr
    assert run.stdout == b""
