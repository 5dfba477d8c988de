"""Render the application icon into a freedesktop hicolor tree.

``python render_icons.py DIR`` writes ``DIR/NxN/apps/ID.png`` for every size
in :data:`mojiscope.app.window.icon.HICOLOR_SIZES` and ``DIR/scalable/apps/ID.svg``,
all from ``resources/mojiscope.svg`` through the same code that draws the
window's icon. Runs offscreen; needs PySide6 and the installed package.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtGui import QGuiApplication

from mojiscope.app.window.icon import APP_ID, HICOLOR_SIZES, icon_image, icon_svg


def render(hicolor: Path) -> list[Path]:
    """Write every size and the SVG under ``hicolor``; return the files written."""
    written = []
    for size in HICOLOR_SIZES:
        target = hicolor / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        if not icon_image(size).save(str(target), "PNG"):
            raise SystemExit(f"could not write {target}")
        written.append(target)
    scalable = hicolor / "scalable" / "apps" / f"{APP_ID}.svg"
    scalable.parent.mkdir(parents=True, exist_ok=True)
    scalable.write_bytes(icon_svg())
    written.append(scalable)
    return written


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: render_icons.py HICOLOR_DIR", file=sys.stderr)
        return 2
    _app = QGuiApplication([])
    for path in render(Path(argv[0])):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
