"""Dialogs: paste hex, go to offset, find, choose formats, export, compare
two files, and Scan Folder (a verdict per file of a folder, in a table that
fills as it goes)."""
