"""The layer rule and the package map, enforced rather than hoped for.

mojiscope.core must never import Qt, the app or the command line; the app's
models never import Qt; every package says in its ``__init__`` what lives
there; no test module imports another.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "mojiscope"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
FORBIDDEN_IN_CORE = ["PySide6", "shiboken6", "mojiscope.app", "mojiscope.cli"]


def test_import_linter_contracts_are_kept() -> None:
    lint_imports = Path(sys.executable).with_name("lint-imports")
    assert lint_imports.exists(), "import-linter is a test dependency (pip install -e '.[dev]')"
    result = subprocess.run(
        [str(lint_imports), "--no-cache"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


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
    assert int(count) >= 50, "walk_packages found too few modules in mojiscope.core"
    assert loaded == "[]"


def test_the_contracts_forbid_qt_in_core_and_in_the_models() -> None:
    contracts = PYPROJECT["tool"]["importlinter"]["contracts"]
    forbidden = [c for c in contracts if c["type"] == "forbidden"]
    assert any(
        "mojiscope.core" in c["source_modules"]
        and {"PySide6", "mojiscope.app", "mojiscope.cli"} <= set(c["forbidden_modules"])
        for c in forbidden
    )
    assert any(
        "mojiscope.app.model" in c["source_modules"] and "PySide6" in c["forbidden_modules"]
        for c in forbidden
    )


def test_every_package_says_what_lives_there() -> None:
    """Each package's ``__init__`` has a docstring of a few lines at least."""
    silent = []
    for init in sorted(SOURCE.rglob("__init__.py")):
        docstring = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
        if len(docstring.split()) < 8:
            silent.append(str(init.relative_to(ROOT)))
    assert silent == [], "say in these what the package holds:\n" + "\n".join(silent)


def test_every_source_folder_is_a_package() -> None:
    """A folder of modules without ``__init__.py`` would be left out of a wheel."""
    loose = [
        str(folder.relative_to(ROOT))
        for folder in sorted(p for p in SOURCE.rglob("*") if p.is_dir())
        if folder.name != "__pycache__"
        and any(folder.glob("*.py"))
        and not (folder / "__init__.py").exists()
    ]
    assert loose == []


TEST_IMPORT = re.compile(
    r"^\s*(from\s+(\.|tests\.)?([a-z_]+\.)*test_[a-z0-9_]+\s+import"
    r"|import\s+([a-z_]+\.)*test_[a-z0-9_]+)",
    re.MULTILINE,
)


def test_no_test_module_imports_another() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}: {match[0].strip()}"
        for path in sorted((ROOT / "tests").rglob("*.py"))
        for match in TEST_IMPORT.finditer(path.read_text(encoding="utf-8"))
    ]
    assert offenders == [], "move what they share into tests/helpers/:\n" + "\n".join(offenders)


def test_the_test_import_pattern_catches_what_it_should() -> None:
    assert TEST_IMPORT.search("from tests.app.test_grid_reuse import grid_image")
    assert TEST_IMPORT.search("from test_child_job import until")
    assert TEST_IMPORT.search("import tests.core.test_index")
    assert not TEST_IMPORT.search("from helpers.windows import mixed_file")


def test_tests_mirror_the_source_tree() -> None:
    """Every test folder under tests/core, tests/app and tests/cli names a package."""
    strays = []
    for layer in ("core", "app", "cli"):
        for folder in sorted(p for p in (ROOT / "tests" / layer).rglob("*") if p.is_dir()):
            if folder.name == "__pycache__":
                continue
            package = SOURCE / folder.relative_to(ROOT / "tests")
            if not (package / "__init__.py").exists():
                strays.append(str(folder.relative_to(ROOT)))
    assert strays == []
