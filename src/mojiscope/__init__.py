"""Mojiscope: a desktop inspector for bytes that are meant to be text."""

__version__ = "0.1.0"
