"""Ground rules for the whole suite.

A test that needs a Qt application (it uses pytest-qt's ``qapp`` or
``qtbot``, directly or through another fixture) is marked ``gui``
automatically, so ``pytest -m "not gui"`` runs exactly the tests that need no
Qt, wherever they live. Tests that start the GUI in a subprocess carry the
marker by hand.

An exception raised anywhere the test cannot catch it (a Qt slot, a timer's
callback, an event handler, a thread) fails the test that caused it: PySide
prints such an exception and carries on, which once hid a window that no
longer opened files. pytest-qt fails the test for those raised while the
test runs; :func:`no_stray_exceptions` records those raised during set-up and
tear-down (closing a window) and in threads, and fails the test at its end.

Hypothesis runs without its per-example deadline: speed is measured in
tests/bench as ratios, never asserted in the suite, and a deadline would turn
a busy machine into a flaky failure.
"""

from __future__ import annotations

import os
import sys
import threading
import traceback
from collections.abc import Iterator
from types import TracebackType

import pytest
from hypothesis import settings

settings.register_profile("mojiscope", deadline=None)
settings.load_profile("mojiscope")

# Qt's offscreen platform unless the run asks for another (`make test` sets
# it too), so a test that makes a QApplication never needs a display.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# pytest-qt's fixtures that create (or are) the QApplication; qtbot needs qapp.
QT_APPLICATION_FIXTURES = frozenset({"qapp", "qtbot"})


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if fixtures & QT_APPLICATION_FIXTURES and item.get_closest_marker("gui") is None:
            item.add_marker(pytest.mark.gui)


@pytest.fixture(autouse=True)
def no_stray_exceptions() -> Iterator[list[str]]:
    """Every exception that reaches ``sys.excepthook`` or ``threading.excepthook``
    while the test is set up, runs and is torn down; asserted empty after it."""
    seen: list[str] = []

    def record(
        kind: type[BaseException], error: BaseException, trace: TracebackType | None
    ) -> None:
        seen.append("".join(traceback.format_exception(kind, error, trace)))

    def record_thread(args: threading.ExceptHookArgs) -> None:
        if args.exc_value is not None:
            record(args.exc_type, args.exc_value, args.exc_traceback)

    old_hook, old_thread_hook = sys.excepthook, threading.excepthook
    sys.excepthook, threading.excepthook = record, record_thread
    try:
        yield seen
    finally:
        sys.excepthook, threading.excepthook = old_hook, old_thread_hook
    assert not seen, "an exception was raised where nothing caught it:\n" + "\n".join(seen)
