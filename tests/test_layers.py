"""The layer rule and the package map, enforced rather than hoped for.

mojiscope.core must never import Qt, the app or the command line; nothing
imports the bare folder names ``core`` or ``app``; every package folder is
listed in pyproject.toml, or setuptools would silently leave it out of a wheel.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PACKAGE_DIR: dict[str, str] = PYPROJECT["tool"]["setuptools"]["package-dir"]
PACKAGES: list[str] = PYPROJECT["tool"]["setuptools"]["packages"]
SOURCE_FOLDERS = ["core", "app", "cli", "resources", "mojiscope"]
FORBIDDEN_IN_CORE = ["PySide6", "shiboken6", "mojiscope.app", "mojiscope.cli"]


def make_import_tree(where: Path) -> Path:
    """A ``mojiscope`` folder of symlinks that puts each mapped folder where its name says.

    Tools that walk the file system instead of importing (import-linter's
    grimp, mypy) cannot follow setuptools' package-dir mapping; they can
    follow this tree. The Makefile builds the same one in build/typecheck.
    """
    top = where / "mojiscope"
    top.mkdir(parents=True)
    for package, folder in PACKAGE_DIR.items():
        if package == "mojiscope":
            (top / "__init__.py").symlink_to(ROOT / folder / "__init__.py")
        else:
            (top / package.removeprefix("mojiscope.")).symlink_to(ROOT / folder)
    return where


def test_import_linter_contracts_are_kept(tmp_path: Path) -> None:
    lint_imports = Path(sys.executable).with_name("lint-imports")
    if not lint_imports.exists():
        found = shutil.which("lint-imports")
        if found is None:
            pytest.skip("import-linter is not installed (pip install -e '.[dev]')")
        lint_imports = Path(found)
    tree = make_import_tree(tmp_path / "tree")
    result = subprocess.run(
        [str(lint_imports), "--config", str(ROOT / "pyproject.toml"), "--no-cache"],
        cwd=tree,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "broken" in result.stdout and "0 broken" in result.stdout


def test_importing_all_of_core_loads_no_qt_app_or_cli() -> None:
    code = textwrap.dedent(
        f"""
        import importlib, pkgutil, sys
        import mojiscope.core
        names = [m.name for m in pkgutil.walk_packages(
            mojiscope.core.__path__, "mojiscope.core.")]
        for name in names:
            importlib.import_module(name)
        print(len(names))
        loaded = sorted(m for m in sys.modules
                        if any(m == f or m.startswith(f + ".") for f in {FORBIDDEN_IN_CORE!r}))
        print(loaded)
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=ROOT
    )
    assert result.returncode == 0, result.stderr
    count, loaded = result.stdout.splitlines()
    assert int(count) >= 2, "walk_packages found too few modules in mojiscope.core"
    assert loaded == "[]"


BARE_IMPORT = re.compile(r"^\s*(from|import)\s+(core|app)\b", re.MULTILINE)


def _python_files() -> list[Path]:
    files: list[Path] = []
    for folder in ["core", "app", "cli", "tests"]:
        files += sorted((ROOT / folder).rglob("*.py"))
    return files


def test_nothing_imports_bare_core_or_app() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, match.start()) + 1}: {match[0].strip()}"
        for path in _python_files()
        for text in [path.read_text(encoding="utf-8")]
        for match in BARE_IMPORT.finditer(text)
    ]
    assert offenders == [], "import mojiscope.core / mojiscope.app instead:\n" + "\n".join(
        offenders
    )


def test_bare_import_pattern_catches_what_it_should() -> None:
    assert BARE_IMPORT.search("from core.spans import Span")
    assert BARE_IMPORT.search("    import app.main")
    assert BARE_IMPORT.search("import core")
    assert not BARE_IMPORT.search("from mojiscope.core import spans")
    assert not BARE_IMPORT.search("import core_utils")
    assert not BARE_IMPORT.search("x = 'from core import y'")


def _package_name(folder: Path) -> str | None:
    """The import name setuptools gives ``folder`` through package-dir, if any."""
    relative = folder.relative_to(ROOT).as_posix()
    best = None
    for package, mapped in PACKAGE_DIR.items():
        if relative == mapped or relative.startswith(mapped + "/"):
            rest = relative[len(mapped) :].strip("/")
            name = ".".join([package, *rest.split("/")]) if rest else package
            if best is None or len(mapped) > len(PACKAGE_DIR[best[0]]):
                best = (package, name)
    return best[1] if best else None


def test_every_package_folder_is_listed_in_pyproject() -> None:
    unlisted = []
    for top in SOURCE_FOLDERS:
        for init in sorted((ROOT / top).rglob("__init__.py")):
            folder = init.parent
            if "__pycache__" in folder.parts:
                continue
            name = _package_name(folder)
            if name is None or name not in PACKAGES:
                unlisted.append(f"{folder.relative_to(ROOT)} -> {name}")
    assert unlisted == [], "add these to [tool.setuptools] packages:\n" + "\n".join(unlisted)


def test_every_listed_package_has_its_folder() -> None:
    for package in PACKAGES:
        top, _, rest = package.partition(".")
        head = package if package in PACKAGE_DIR else f"{top}.{rest.split('.')[0]}"
        folder = ROOT / PACKAGE_DIR[head] / Path(*package.removeprefix(head).split(".")[1:])
        assert folder.is_dir(), f"{package} maps to missing folder {folder}"


def test_core_is_forbidden_qt_by_contract() -> None:
    contracts = PYPROJECT["tool"]["importlinter"]["contracts"]
    forbidden = [c for c in contracts if c["type"] == "forbidden"]
    assert any(
        "mojiscope.core" in c["source_modules"]
        and {"PySide6", "mojiscope.app", "mojiscope.cli"} <= set(c["forbidden_modules"])
        for c in forbidden
    )
