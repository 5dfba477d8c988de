"""Will Qt's xcb platform plugin load? Say which system packages are missing if not.

PySide6 wheels bundle Qt but not the X11/xcb libraries its ``xcb`` platform
plugin links to. When one is missing, Qt prints a long and cryptic "could
not load the Qt platform plugin" message and aborts. ``make run`` calls this
module first: ``python -m mojiscope.cli.qtcheck`` runs ``ldd`` on the
plugin and, when libraries are missing, names them and the Debian/Ubuntu
packages that provide them, then exits 1.

It is silent and exits 0 when Qt will not use xcb (``QT_QPA_PLATFORM`` is
``offscreen`` or ``minimal`` or names only other plugins, or neither
``DISPLAY`` nor ``WAYLAND_DISPLAY`` is set), or when the check cannot run
(not Linux, no ``ldd``, no plugin file): it only reports problems it has seen. Nothing here imports
Qt, so the check itself cannot crash the way the plugin does.

Frozen in the desktop bundle (``sys.frozen``), the plugin checked is the
bundle's own (``PySide6/Qt/plugins/platforms/libqxcb.so`` under
``sys._MEIPASS``). ``ldd`` then resolves it as the frozen process does: the
bundle's Qt through the plugin's relative RUNPATH, the libraries bundled
beside it through the ``LD_LIBRARY_PATH`` that PyInstaller's bootloader sets
(and the child inherits), so only what neither holds is reported missing.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

# Shared library soname -> Debian package (same names on Ubuntu).
DEBIAN_PACKAGES: Mapping[str, str] = {
    "libxcb.so.1": "libxcb1",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xinerama.so.0": "libxcb-xinerama0",
    "libxcb-xinput.so.0": "libxcb-xinput0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libOpenGL.so.0": "libopengl0",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libdbus-1.so.3": "libdbus-1-3",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
}

HEADLESS_PLATFORMS = frozenset(["offscreen", "minimal"])


def missing_libraries(ldd_output: str) -> list[str]:
    """Sonames that ``ldd`` reported as ``not found``, each once, in order."""
    missing: list[str] = []
    for line in ldd_output.splitlines():
        name, arrow, where = line.strip().partition("=>")
        if arrow and where.strip() == "not found" and name.strip() not in missing:
            missing.append(name.strip())
    return missing


def packages_for(libraries: Sequence[str]) -> list[str]:
    """Debian packages providing ``libraries``, each once; unknown libraries are skipped."""
    packages: list[str] = []
    for library in libraries:
        package = DEBIAN_PACKAGES.get(library)
        if package is not None and package not in packages:
            packages.append(package)
    return packages


def report(libraries: Sequence[str]) -> str:
    """The message shown when the xcb plugin cannot load."""
    packages = packages_for(libraries)
    lines = [
        "Qt cannot open a window: its xcb platform plugin needs libraries this system lacks:",
        *(f"  {library}" for library in libraries),
    ]
    if packages:
        lines += [
            "On Debian or Ubuntu, install them with:",
            f"  sudo apt-get install {' '.join(packages)}",
        ]
    unknown = [library for library in libraries if library not in DEBIAN_PACKAGES]
    if unknown:
        lines.append(f"(Find the package for {', '.join(unknown)} with: apt-file search NAME)")
    lines.append("Or run without a window: QT_QPA_PLATFORM=offscreen")
    return "\n".join(lines)


def xcb_may_load(environ: Mapping[str, str]) -> bool:
    """False when Qt will not try the xcb plugin: headless, or told to use another one.

    ``QT_QPA_PLATFORM`` may list fallbacks (``wayland;xcb``) and carry options
    after a colon (``offscreen:fontengine=freetype``).
    """
    setting = environ.get("QT_QPA_PLATFORM", "").strip().lower()
    platforms = [part.split(":", 1)[0].strip() for part in setting.split(";") if part.strip()]
    if platforms and (platforms[0] in HEADLESS_PLATFORMS or "xcb" not in platforms):
        return False
    return bool(environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"))


def pyside_locations() -> list[str]:
    """Folders that may hold the ``PySide6`` package Qt will be loaded from.

    Frozen, the bundle's own copy (PyInstaller unpacks or keeps it in
    ``sys._MEIPASS``); otherwise wherever the import system finds PySide6.
    """
    if getattr(sys, "frozen", False):
        bundle = getattr(sys, "_MEIPASS", None) or os.path.dirname(sys.executable)
        return [os.path.join(bundle, "PySide6")]
    spec = importlib.util.find_spec("PySide6")  # finds the package without importing Qt
    if spec is None or not spec.submodule_search_locations:
        return []
    return list(spec.submodule_search_locations)


def xcb_plugin_path() -> Path | None:
    """``PySide6/Qt/plugins/platforms/libqxcb.so`` of the PySide6 in use, if present."""
    for location in pyside_locations():
        plugin = Path(location, "Qt", "plugins", "platforms", "libqxcb.so")
        if plugin.is_file():
            return plugin
    return None


def main(environ: Mapping[str, str] | None = None) -> int:
    environ = os.environ if environ is None else environ
    if not xcb_may_load(environ) or not sys.platform.startswith("linux"):
        return 0
    plugin = xcb_plugin_path()
    ldd = shutil.which("ldd")
    if plugin is None or ldd is None:
        return 0
    result = subprocess.run([ldd, str(plugin)], capture_output=True, text=True, check=False)
    libraries = missing_libraries(result.stdout)
    if not libraries:
        return 0
    print(report(libraries), file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
