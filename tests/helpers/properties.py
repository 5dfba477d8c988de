"""The settings of the suite's property tests."""

from __future__ import annotations

from hypothesis import HealthCheck, settings


def property_settings(examples: int, *checks: HealthCheck) -> settings:
    """Hypothesis settings for a property test of ``examples`` examples:
    the same examples on every run (derandomized, no example database, so
    a failure is one anybody reproduces), no deadline (the suite runs on
    shared machines), and slow data generation allowed, with ``checks``
    suppressed too."""
    return settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, *checks],
    )
