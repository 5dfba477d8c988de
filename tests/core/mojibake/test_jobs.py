"""The explainer's long operations as the window runs them in a child."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest

from mojiscope.core.mojibake.jobs import segment_file
from mojiscope.core.mojibake.segment import SegmentBatch
from mojiscope.core.mojibake.segment_map import SegmentMap
from mojiscope.core.mojibake.segments import CHUNK, PARALLEL_CHUNKS
from mojiscope.core.mojibake.table import TableShape
from mojiscope.core.system.control import Control


def _mapped(path: Path, workers: int) -> SegmentMap:
    """The map as the window takes it from the job: the table's shape first."""
    emitted: list[object] = []
    size = segment_file(Control(emit=emitted.append), str(path), workers)
    assert isinstance(emitted[0], TableShape)
    found = SegmentMap(size, emitted[0])
    for item in emitted[1:]:
        assert isinstance(item, SegmentBatch)
        found.add(item)
    return found


@pytest.mark.parametrize("workers", [1, 2])
def test_segment_file_emits_the_table_then_batches_that_tile_the_file(
    tmp_path: Path, workers: int
) -> None:
    row = "1;José;Málaga;café crème\n".encode().decode("latin-1").encode()
    line = "2;Zoë;Malmö;fine\n".encode()
    path = tmp_path / "large.csv"
    pairs = PARALLEL_CHUNKS * CHUNK // len(row + line) + 1
    path.write_bytes(b"id;name;city;note\n" + (row + line) * pairs)
    assert path.stat().st_size >= PARALLEL_CHUNKS * CHUNK  # two workers make a pool
    found = _mapped(path, workers)
    assert found.complete
    segments = list(found)
    assert segments[0].start == 0 and segments[-1].end == path.stat().st_size
    assert all(a.end == b.start for a, b in pairwise(segments))
    assert found.words() == f"{pairs:,} rows read as windows-1252 once, {pairs + 1:,} fine"
