"""The suite's own guard: an exception raised where no test can catch it (a
Qt slot during tear-down, a thread) fails the test that caused it."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

SUITE_CONFTEST = Path(__file__).with_name("conftest.py")


@pytest.mark.parametrize(
    "where",
    [
        pytest.param(
            """
            from PySide6.QtCore import QObject, Signal

            class Sender(QObject):
                ping = Signal()

            @pytest.fixture
            def late(qtbot):
                yield
                sender = Sender()
                sender.ping.connect(lambda: 1 / 0)
                sender.ping.emit()

            def test_it(late):
                pass
            """,
            id="a Qt slot during tear-down",
        ),
        pytest.param(
            """
            import threading

            def test_it():
                thread = threading.Thread(target=lambda: 1 / 0)
                thread.start()
                thread.join()
            """,
            id="a thread",
        ),
    ],
)
def test_a_stray_exception_fails_its_test(pytester: pytest.Pytester, where: str) -> None:
    pytester.makeconftest(SUITE_CONFTEST.read_text(encoding="utf-8"))
    pytester.makepyfile(test_stray="import pytest\n" + __import__("textwrap").dedent(where))
    result = pytester.runpytest_subprocess("-q")
    result.assert_outcomes(passed=1, errors=1)
    result.stdout.fnmatch_lines(["*an exception was raised where nothing caught it*"])
    result.stdout.fnmatch_lines(["*ZeroDivisionError*"])
