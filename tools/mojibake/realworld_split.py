"""Split a real-world collection into its development and held-out parts.

The collection is a JSON Lines file, one case a line, as gathered by hand
from public threads and pages::

    {"url": "https://github.com/…/issues/1", "text": "CafÃ©",
     "expect": "Café", "category": "damaged"}

(``category`` is ``damaged`` or ``correct``; a correct case has
``expect == text``).  A thread's cases stay together: the address decides
the part, ``int(sha256(url).hexdigest(), 16) % 2`` being 0 for the
development part and 1 for the held-out part.  Each part is written in the
format of tests/data/mojibake/realworld2_*.json, damaged cases first, labels
``<prefix>/<part>/<category>/<n>``, each category numbered from 0 in its part.
Cases holding a string of another project's test cases (``--leave-out``) are
left out, and the notes say so.

Run from the repository root, e.g.::

    python tools/mojibake/realworld_split.py cases.jsonl --name realworld3 \\
        --prefix real3 --ordinal third --date 2026-11-29 \\
        --leave-out ../python-ftfy/tests/test-cases/*.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "tests" / "data" / "mojibake"
WHAT = (
    "mojibake as people reported it in public issue threads and pages (the comment "
    "names where) and correct text from the same places (some quoting mojibake). "
)
NOTES = {
    "dev": (
        "Real world, {ordinal} collection ({date}), development part: "
        + WHAT
        + "Split from the held-out part by a hash of the thread's address (a thread's "
        "cases stay together). May be looked at; read by tests/bench/bench_mojibake.py "
        "--dev."
    ),
    "heldout": (
        "Real world, {ordinal} collection ({date}), held-out part: "
        + WHAT
        + "Split from the development part by a hash of the thread's address; collected "
        "before any change it measures, never tuned on or looked at case by case; read "
        "only by tests/bench/bench_mojibake.py."
    ),
}


def part_of(url: str) -> str:
    """``dev`` or ``heldout``: the part a thread's cases go to."""
    return ("dev", "heldout")[int(hashlib.sha256(url.encode()).hexdigest(), 16) % 2]


def yardstick_strings(paths: list[Path]) -> set[str]:
    """The strings of another project's test cases (JSON lists of objects,
    as ftfy's ``tests/test-cases/*.json``): cases holding one are left out,
    since another project's test suite is never development data."""
    found: set[str] = set()
    for path in paths:
        for case in json.loads(path.read_text("utf-8")):
            found.update(v for v in case.values() if isinstance(v, str) and len(v) > 6)
    return found


def left_out(text: str, yardsticks: frozenset[str] | set[str]) -> bool:
    return any(text in other or other in text for other in yardsticks)


def split(
    cases: list[dict[str, str]],
    prefix: str,
    yardsticks: frozenset[str] | set[str] = frozenset(),
) -> dict[str, list[dict[str, str]]]:
    """The cases by part, damaged ones first, each category numbered from 0
    in its part; cases :func:`left_out` by the yardsticks dropped."""
    parts: dict[str, list[dict[str, str]]] = {"dev": [], "heldout": []}
    for category in ("damaged", "correct"):
        numbers = {"dev": 0, "heldout": 0}
        for case in cases:
            if case["category"] != category or left_out(case["text"], yardsticks):
                continue
            if category == "correct" and case["expect"] != case["text"]:
                raise ValueError(f"correct case changes its text: {case['text']!r}")
            name = part_of(case["url"])
            numbers[name] += 1
            parts[name].append(
                {
                    "label": f"{prefix}/{name}/{category}/{numbers[name] - 1}",
                    "comment": case["url"],
                    "text": case["text"],
                    "expect": case["expect"],
                    "category": category,
                }
            )
    return parts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("cases", type=Path, help="the collection, JSON Lines")
    parser.add_argument("--name", required=True, help="file stem, e.g. realworld3")
    parser.add_argument("--prefix", required=True, help="label prefix, e.g. real3")
    parser.add_argument("--ordinal", required=True, help="e.g. third")
    parser.add_argument("--date", required=True, help="when collected, YYYY-MM-DD")
    parser.add_argument(
        "--leave-out",
        type=Path,
        nargs="*",
        default=[],
        help="another project's test cases (JSON): cases holding their strings are left out",
    )
    args = parser.parse_args()
    lines = args.cases.read_text("utf-8").splitlines()
    cases = [json.loads(line) for line in lines if line.strip()]
    for part, part_cases in split(cases, args.prefix, yardstick_strings(args.leave_out)).items():
        note = NOTES[part].format(ordinal=args.ordinal, date=args.date)
        if args.leave_out:
            note += (
                " Cases whose text occurs in another project's test cases were left out:"
                " a test suite is a yardstick, never development data."
            )
        path = DATA / f"{args.name}_{part}.json"
        text = json.dumps({"note": note, "cases": part_cases}, ensure_ascii=False, indent=1)
        path.write_text(text + "\n", "utf-8")
        print(f"{path}: {len(part_cases)} cases")


if __name__ == "__main__":
    main()
