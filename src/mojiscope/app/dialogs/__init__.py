"""Dialogs: paste hex, go to offset, find, choose formats, export, compare two files."""
