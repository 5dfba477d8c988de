"""The man page is generated from the command line's own parser, so it names
every command and option ``mojiscope --help`` knows, and stays valid roff."""

from __future__ import annotations

import argparse
import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from mojiscope.cli.main import build_parser

PACKAGING = Path(__file__).resolve().parents[2] / "packaging"


def load(name: str) -> ModuleType:
    """A script from packaging/ (a folder of scripts, not a package)."""
    spec = importlib.util.spec_from_file_location(name, PACKAGING / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def page() -> str:
    return str(load("make_manpage").manpage(build_parser()))


def subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    (action,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_every_command_has_its_section(page: str) -> None:
    for name in subcommands():
        assert f"\n.SS {name}\n" in page


def test_every_option_of_every_command_is_described(page: str) -> None:
    for name, parser in subcommands().items():
        for action in parser._actions:
            for option in action.option_strings:
                escaped = option.replace("-", "\\-")
                if option not in ("-h", "--help"):
                    assert f"\\fB{escaped}\\fR" in page, (name, option)


def test_choices_and_defaults_are_shown(page: str) -> None:
    assert "{maximal\\-subpart,per\\-byte,per\\-run}" in page
    assert "(default: strict)" in page


def test_no_text_line_starts_like_a_roff_request(page: str) -> None:
    requests = {".TH", ".SH", ".SS", ".TP", ".PP"}
    for line in page.splitlines():
        if line.startswith((".", "'")):
            assert line.split(" ", 1)[0] in requests, line


def test_roff_escapes_backslashes_hyphens_and_leading_dots() -> None:
    roff = load("make_manpage").roff
    assert roff("a-b \\ c") == "a\\-b \\e c"
    assert roff(".hidden\n'quoted") == "\\&.hidden\n\\&'quoted"
