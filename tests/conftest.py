"""Ground rules for the whole suite.

A test that needs a Qt application (it uses pytest-qt's ``qapp`` or
``qtbot``, directly or through another fixture) is marked ``gui``
automatically, so ``pytest -m "not gui"`` runs exactly the tests that need no
Qt, wherever they live. Tests that start the GUI in a subprocess carry the
marker by hand.

Hypothesis runs without its per-example deadline: speed is measured in
tests/bench as ratios, never asserted in the suite, and a deadline would turn
a busy machine into a flaky failure.
"""

from __future__ import annotations

import os

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
