"""The ``gui`` marker follows the Qt fixtures a test uses, not the folder it is in."""

from __future__ import annotations

import pytest


def test_a_test_using_qtbot_is_marked_gui(request: pytest.FixtureRequest, qtbot) -> None:  # type: ignore[no-untyped-def]
    assert request.node.get_closest_marker("gui") is not None


def test_a_test_using_qapp_is_marked_gui(request: pytest.FixtureRequest, qapp) -> None:  # type: ignore[no-untyped-def]
    assert request.node.get_closest_marker("gui") is not None


def test_a_test_without_qt_is_not_marked_gui(request: pytest.FixtureRequest) -> None:
    assert request.node.get_closest_marker("gui") is None


@pytest.fixture
def uses_qtbot(qtbot):  # type: ignore[no-untyped-def]
    return qtbot


def test_qtbot_through_another_fixture_is_marked_gui(
    request: pytest.FixtureRequest, uses_qtbot
) -> None:  # type: ignore[no-untyped-def]
    assert request.node.get_closest_marker("gui") is not None
