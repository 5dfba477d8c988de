"""Write the man page ``mojiscope.1`` from the command line's own argparse parser.

``python make_manpage.py OUT`` (``-`` for stdout). Every command, option,
metavar, choice and help text comes from :func:`mojiscope.cli.main.build_parser`,
so the page cannot drift from ``mojiscope --help``. It reads argparse's
sub-parser table (``_subparsers``), which argparse does not document but has
kept since Python 3.2.
"""

from __future__ import annotations

import argparse
import sys

from mojiscope import __version__
from mojiscope.cli.main import build_parser


def roff(text: str) -> str:
    """``text`` safe in roff: backslashes and hyphens escaped, no line starts with a request."""
    escaped = text.replace("\\", "\\e").replace("-", "\\-")
    return "\n".join(
        "\\&" + line if line.startswith((".", "'")) else line for line in escaped.splitlines()
    )


def option_label(action: argparse.Action) -> str:
    """``\\fB\\-f\\fR, \\fB\\-\\-format\\fR \\fIID\\fR`` or ``\\fIFILE\\fR``."""
    metavar = action.metavar or (
        "{" + ",".join(map(str, action.choices)) + "}" if action.choices else None
    )
    if not action.option_strings:
        return f"\\fI{roff(str(metavar or action.dest))}\\fR"
    names = ", ".join(f"\\fB{roff(name)}\\fR" for name in action.option_strings)
    if action.nargs == 0:
        return names
    shown = metavar if metavar is not None else action.dest.upper()
    return f"{names} \\fI{roff(str(shown))}\\fR"


def options(parser: argparse.ArgumentParser, with_help: bool = True) -> list[str]:
    """A ``.TP`` paragraph per argument (``-h`` only where ``with_help``)."""
    lines: list[str] = []
    for action in parser._actions:
        skipped = isinstance(action, argparse._SubParsersAction) or (
            isinstance(action, argparse._HelpAction) and not with_help
        )
        if skipped or action.help == argparse.SUPPRESS:
            continue
        lines += [".TP", option_label(action)]
        help_text = action.help or ""
        if action.default not in (None, False, argparse.SUPPRESS) and action.option_strings:
            help_text += f" (default: {action.default})"
        lines.append(roff(help_text % {"prog": parser.prog} if "%(" in help_text else help_text))
    return lines


def commands(parser: argparse.ArgumentParser) -> list[tuple[str, str, argparse.ArgumentParser]]:
    """(name, help, parser) of each sub-command, in the parser's order."""
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {choice.dest: choice.help or "" for choice in action._choices_actions}
            found += [(name, helps.get(name, ""), sub) for name, sub in action.choices.items()]
    return found


def usage(parser: argparse.ArgumentParser) -> str:
    text = " ".join(parser.format_usage().split())
    return text.removeprefix("usage: ")


def manpage(parser: argparse.ArgumentParser) -> str:
    lines = [
        f'.TH MOJISCOPE 1 "" "mojiscope {__version__}" "User Commands"',
        ".SH NAME",
        f"mojiscope \\- {roff(parser.description or '').split(':')[0].lower()}",
        ".SH SYNOPSIS",
    ]
    subcommands = commands(parser)
    for _name, _help, sub in subcommands:
        lines += [".PP", roff(usage(sub))]
    lines += [
        ".PP",
        "\\fBmojiscope\\fR [\\fIFILE\\fR]",
        ".SH DESCRIPTION",
        roff(parser.description or ""),
    ]
    lines += [".PP", roff(parser.epilog or "")]
    lines += [".SH OPTIONS", *options(parser), ".SH COMMANDS"]
    for name, help_text, sub in subcommands:
        lines += [
            f".SS {roff(name)}",
            roff(help_text[:1].upper() + help_text[1:] + "."),
            *options(sub, with_help=False),
        ]
    lines += [
        ".SH EXIT STATUS",
        ".TP",
        "0",
        "Done.",
        ".TP",
        "1",
        "A decode or encode error, or a conversion loss under \\fB\\-\\-errors strict\\fR.",
        ".TP",
        "2",
        "Bad usage, an unknown format, an unreadable file or bad hex.",
        ".SH ENVIRONMENT",
        ".TP",
        "\\fBMOJISCOPE_THEME\\fR",
        "\\fBdark\\fR or \\fBlight\\fR: force the window's palette"
        " instead of following the system.",
        ".TP",
        "\\fBQT_QPA_PLATFORM\\fR",
        "\\fBoffscreen\\fR renders without a display"
        " (as \\fB\\-\\-screenshot\\fR does when there is none).",
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: make_manpage.py OUT|-", file=sys.stderr)
        return 2
    text = manpage(build_parser())
    if argv[0] == "-":
        sys.stdout.write(text)
    else:
        with open(argv[0], "w", encoding="utf-8") as out:
            out.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
