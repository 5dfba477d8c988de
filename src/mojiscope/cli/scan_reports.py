"""How ``mojiscope scan`` writes its verdicts: a table, JSON Lines, CSV or a
SARIF 2.1.0 document, and the closing summary.

Every writer is given the audits one at a time and writes each whole, in
one write, as soon as it comes; :meth:`Report.close` ends the document (the
SARIF brackets and the run's invocation), so a scan stopped by Ctrl+C still
leaves a whole document holding what was found.

SARIF: one result per location of a finding (its first
:data:`~mojiscope.core.audit.findings.FIRST_LOCATIONS`), with ``startLine``,
``startColumn`` (code points: the run's ``columnKind`` is
``unicodeCodePoints``) and ``byteOffset``, so code hosts annotate the line;
a rule per kind of finding; an unreadable file is a result without a
region; clean, binary and skipped files make no result.
"""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from typing import IO
from urllib.parse import quote

from mojiscope import __version__
from mojiscope.core.audit.findings import CSV_FIELDS, Audit, Kind, csv_row
from mojiscope.core.mojibake.wording import people_words

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SHOWN_CHAINS = 5
"""Chains named in the closing summary."""

RULES: dict[Kind, tuple[str, str]] = {
    Kind.UNREADABLE: ("error", "The file could not be read."),
    Kind.MIXED: ("error", "Parts of the file need different readings."),
    Kind.MOJIBAKE: ("error", "Text damaged by a chain of misreadings (mojibake)."),
    Kind.LEGACY: ("warning", "Not UTF-8: a legacy code page, or UTF-16/32."),
    Kind.SURROGATES: ("error", "Lone surrogates encoded as UTF-8 (WTF-8, CESU-8)."),
    Kind.LOSSY: ("error", "U+FFFD: bytes were lost before this text was written."),
    Kind.NOTICES: ("warning", "Bidi controls or invisible characters."),
}
"""SARIF rules: the level and the short description of each kind of finding."""


class Report:
    """Writes audits to ``out`` (text); subclasses are the formats."""

    def __init__(self, out: IO[str]) -> None:
        self.out = out

    def start(self) -> None:
        """Called once, before the first audit."""

    def add(self, audit: Audit) -> None:
        raise NotImplementedError

    def close(self, complete: bool) -> None:
        """Called once, after the last audit (``complete`` False: stopped early)."""
        self.out.flush()

    def _write(self, text: str) -> None:
        self.out.write(text)
        self.out.flush()


def _chain_words(audit: Audit) -> str:
    return ", then ".join(people_words(audit.chain))


def _where(audit: Audit) -> str:
    first = audit.first_location()
    return f"{first.line}:{first.column}" if first else ""


class TableReport(Report):
    """One line per file (clean ones only with ``everything``):
    verdict, path, line:column of the first finding, and the reason."""

    def __init__(self, out: IO[str], everything: bool = False) -> None:
        super().__init__(out)
        self.everything = everything

    def add(self, audit: Audit) -> None:
        if audit.verdict == Kind.CLEAN and not self.everything:
            return
        where = _where(audit)
        path = f"{audit.path}:{where}" if where else str(audit.path)
        self._write(f"{audit.verdict.value:<10}  {path}  {audit.reason}\n")


class JsonReport(Report):
    """One JSON object per file per line (docs/SCAN.md, the audit schema)."""

    def add(self, audit: Audit) -> None:
        self._write(json.dumps(audit.as_json(), ensure_ascii=False) + "\n")


class CsvReport(Report):
    """A header, then one row per file (:data:`CSV_FIELDS`)."""

    def start(self) -> None:
        self._row(CSV_FIELDS)

    def _row(self, values: tuple[object, ...]) -> None:
        buffer = io.StringIO()
        csv.writer(buffer, lineterminator="\n").writerow(values)
        self._write(buffer.getvalue())

    def add(self, audit: Audit) -> None:
        self._row(csv_row(audit))


def artifact_uri(path: str) -> str:
    """A relative path as a SARIF URI (``/``-separated, percent-encoded)."""
    return quote(path.replace("\\", "/").removeprefix("./"), safe="/")


class SarifReport(Report):
    """A SARIF 2.1.0 log with one run (see the module docstring)."""

    def start(self) -> None:
        rules = [
            {
                "id": kind.value,
                "name": kind.value.capitalize(),
                "shortDescription": {"text": text},
                "defaultConfiguration": {"level": level},
            }
            for kind, (level, text) in RULES.items()
        ]
        head = {
            "$schema": SARIF_SCHEMA,
            "version": "2.1.0",
            "runs": [
                {
                    "tool": {
                        "driver": {
                            "name": "mojiscope",
                            "version": __version__,
                            "informationUri": "https://pypi.org/project/mojiscope/",
                            "rules": rules,
                        }
                    },
                    "columnKind": "unicodeCodePoints",
                    "results": [],
                }
            ],
        }
        text = json.dumps(head, ensure_ascii=False)
        self._tail = text[text.rindex('"results": []') + len('"results": [') :]
        self._write(text[: text.rindex('"results": []') + len('"results": [')] + "\n")
        self._first = True

    def add(self, audit: Audit) -> None:
        for result in sarif_results(audit):
            text = json.dumps(result, ensure_ascii=False)
            self._write(("" if self._first else ",\n") + text)
            self._first = False

    def close(self, complete: bool) -> None:
        invocation = json.dumps([{"executionSuccessful": complete}])
        # The head's tail is "]}]}": the results, the run, the runs, the log.
        tail = self._tail.replace("]", f'], "invocations": {invocation}', 1)
        self._write("\n" + tail + "\n")


def sarif_results(audit: Audit) -> list[dict[str, object]]:
    """The SARIF results of one file."""
    uri = artifact_uri(str(audit.path))
    results: list[dict[str, object]] = []
    if audit.verdict == Kind.UNREADABLE:
        location: dict[str, object] = {"physicalLocation": {"artifactLocation": {"uri": uri}}}
        message = {"text": f"{audit.path}: {audit.reason}"}
        return [
            {"ruleId": "unreadable", "level": "error", "message": message, "locations": [location]}
        ]
    for finding in audit.findings:
        if finding.kind not in RULES:
            continue
        level = RULES[finding.kind][0]
        text = finding.detail
        if finding.kind in (Kind.MOJIBAKE, Kind.MIXED, Kind.LEGACY) and audit.repair:
            plan = ", ".join(f"{s.action} as {s.codec}" for s in audit.repair)
            text += f" (repair: {plan}; {'lossless' if audit.lossless else 'not lossless'})"
        places = finding.locations or ()
        if not places:
            location = {"physicalLocation": {"artifactLocation": {"uri": uri}}}
            results.append(
                {
                    "ruleId": finding.kind.value,
                    "level": level,
                    "message": {"text": text},
                    "locations": [location],
                }
            )
        for place in places:
            region: dict[str, int] = {
                "startLine": place.line,
                "startColumn": place.column,
                "byteOffset": place.offset,
            }
            location = {"physicalLocation": {"artifactLocation": {"uri": uri}, "region": region}}
            results.append(
                {
                    "ruleId": finding.kind.value,
                    "level": level,
                    "message": {"text": text},
                    "locations": [location],
                }
            )
    return results


class Tally:
    """What the closing summary says: files per verdict, the commonest chains."""

    def __init__(self) -> None:
        self.verdicts: Counter[str] = Counter()
        self.chains: Counter[str] = Counter()
        self.files = 0

    def add(self, audit: Audit) -> None:
        self.files += 1
        self.verdicts[audit.verdict.value] += 1
        if audit.chain:
            self.chains[_chain_words(audit)] += 1

    def words(self, seconds: float, complete: bool) -> str:
        order = [k.value for k in reversed(Kind)]
        counts = ", ".join(f"{self.verdicts[k]:,} {k}" for k in order if self.verdicts[k])
        rate = f" in {seconds:.1f} s ({self.files / seconds:,.0f} files/s)" if seconds > 0 else ""
        lines = [f"{self.files:,} files{rate}: {counts or 'none'}"]
        if not complete:
            lines[0] = "interrupted: " + lines[0]
        if self.chains:
            lines.append("commonest chains:")
            lines += [f"  {n:,}  {chain}" for chain, n in self.chains.most_common(SHOWN_CHAINS)]
        return "\n".join(lines) + "\n"
