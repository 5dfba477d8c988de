"""Where each character of a text decoded from UTF-8 starts in its bytes.

The explainer reads bytes as ``data.decode("utf-8", "surrogateescape")``:
each valid sequence is one character, each byte that is none is one lone
surrogate (U+DC80-U+DCFF). :func:`source_offsets` maps the characters back
to the bytes in one pass, for everything that names byte ranges of such a
text (the pieces of a line, lost letters, oddities).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from mojiscope.core.codecs.utf8.variants import utf8_lengths


def source_offsets(text: str) -> npt.NDArray[np.int64]:
    """Source byte offset of each character of ``text`` (decoded from the
    source with ``surrogateescape``: an escaped byte is one byte) and the end."""
    cps = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), np.uint32)
    sizes = utf8_lengths(cps)
    sizes[(cps >= 0xDC80) & (cps <= 0xDCFF)] = 1
    return np.concatenate(([0], np.cumsum(sizes, dtype=np.int64)))
