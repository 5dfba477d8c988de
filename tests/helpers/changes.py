"""Where a repair changed a text, for the property tests of repairs that
write one character for one."""

from __future__ import annotations

from collections.abc import Sequence


def changed_places(before: Sequence[object], after: Sequence[object]) -> list[int]:
    """The places where ``before`` and ``after``, of one length (else
    ``ValueError``), differ."""
    return [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
