"""Mojiscope: a desktop inspector for bytes that are meant to be text.

``mojiscope.audit(data)`` (:mod:`mojiscope.audit`) judges bytes or text in
one call, for data pipelines; it is imported on first use, so that
``import mojiscope`` stays light.
"""

from typing import Any

__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    if name == "audit":
        import importlib

        return importlib.import_module("mojiscope.audit")
    raise AttributeError(f"module 'mojiscope' has no attribute {name!r}")
