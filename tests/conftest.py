"""Ground rules for the whole suite.

A test that needs a Qt application (it uses pytest-qt's ``qapp`` or
``qtbot``, directly or through another fixture) is marked ``gui``
automatically, so ``pytest -m "not gui"`` runs exactly the tests that need no
Qt, wherever they live. Tests that start the GUI in a subprocess carry the
marker by hand.
"""

from __future__ import annotations

import pytest

# pytest-qt's fixtures that create (or are) the QApplication; qtbot needs qapp.
QT_APPLICATION_FIXTURES = frozenset({"qapp", "qtbot"})


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if fixtures & QT_APPLICATION_FIXTURES and item.get_closest_marker("gui") is None:
            item.add_marker(pytest.mark.gui)
