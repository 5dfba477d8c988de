"""The files under some paths, one at a time, for a scan.

* A path that is a file is yielded as it is (a pre-commit hook passes files).
* A folder inside a git work tree is listed by git itself
  (``git ls-files --cached --others --exclude-standard``): exactly the files
  git tracks or would offer to add, so .gitignore files at every level,
  ``.git/info/exclude`` and the user's global excludes all apply as git
  applies them. A folder outside a work tree (or with ``gitignore=False``,
  or without git) is walked with :func:`os.scandir`, names sorted, ``.git``
  folders left out.
* ``include`` and ``exclude`` are shell globs (:mod:`fnmatch`: ``*`` also
  matches ``/``) tried on the path relative to the folder given and on the
  file's name: a file is kept when it matches an include (if there are any)
  and no exclude; an excluded folder is not entered.
* Symbolic links are not followed unless ``follow_symlinks``: the link is
  yielded and its verdict says so. Followed, a folder already walked (a
  loop, or two links to one folder) is yielded once as a skipped entry, so a
  loop never hangs.

Memory: paths are yielded as they are found; a walk holds the names of the
folders it is inside, and (following links) the identity of each folder
walked. git's listing is read as it comes.
"""

from __future__ import annotations

import fnmatch
import os
import shutil
import stat
import subprocess
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import IO


@dataclass(frozen=True)
class WalkOptions:
    """How to walk (see the module docstring)."""

    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    follow_symlinks: bool = False
    gitignore: bool = True


@dataclass(frozen=True)
class Entry:
    """A path to judge, or (``skip`` set) one the walk already judged: a
    folder met again while following links."""

    path: str
    skip: str = ""


def _matches(relative: str, patterns: tuple[str, ...]) -> bool:
    name = relative.rsplit("/", 1)[-1]
    return any(fnmatch.fnmatchcase(relative, p) or fnmatch.fnmatchcase(name, p) for p in patterns)


def wanted(relative: str, options: WalkOptions) -> bool:
    """Whether a file at ``relative`` (``/``-separated) passes the globs."""
    if options.include and not _matches(relative, options.include):
        return False
    return not _matches(relative, options.exclude)


def walk(paths: Iterable[str], options: WalkOptions = WalkOptions()) -> Iterator[Entry]:
    """Every file to judge under ``paths``, in order (see the module docstring)."""
    seen: set[tuple[int, int]] = set()
    for path in paths:
        try:
            info = os.stat(path) if options.follow_symlinks else os.lstat(path)
        except OSError:
            yield Entry(path)  # its verdict says why it cannot be read
            continue
        if not stat.S_ISDIR(info.st_mode):
            if wanted(path.replace(os.sep, "/"), options):
                yield Entry(path)
            continue
        listed = _git_listing(path) if options.gitignore else None
        if listed is not None:
            yield from _from_git(path, listed, options, seen)
        else:
            yield from _walk_folder(path, "", options, seen)


def _join(folder: str, relative: str) -> str:
    return os.path.join(folder, relative) if folder not in ("", ".") else relative


def _walk_folder(
    root: str, relative: str, options: WalkOptions, seen: set[tuple[int, int]]
) -> Iterator[Entry]:
    """Depth first, names sorted; ``relative`` is the folder's path under ``root``."""
    folder = _join(root, relative) if relative else root
    try:
        info = os.stat(folder)
    except OSError:
        yield Entry(folder)
        return
    identity = (info.st_dev, info.st_ino)
    if identity in seen:
        yield Entry(folder, "a folder already scanned (a symbolic link loop or a second link)")
        return
    seen.add(identity)
    try:
        with os.scandir(folder) as listing:
            names = sorted(
                (e.name, e.is_dir(follow_symlinks=options.follow_symlinks)) for e in listing
            )
    except OSError:
        yield Entry(folder)  # unreadable: its verdict says why
        return
    for name, is_folder in names:
        child = f"{relative}/{name}" if relative else name
        if is_folder:
            if name == ".git" or _matches(child, options.exclude):
                continue
            yield from _walk_folder(root, child, options, seen)
        elif wanted(child, options):
            yield Entry(_join(root, child))


_LS_FILES = (
    "ls-files",
    "-z",
    "--cached",
    "--others",
    "--exclude-standard",
    "--deduplicate",
    "--",
    ".",
)


def _git_listing(folder: str) -> subprocess.Popen[bytes] | None:
    """git's listing of ``folder`` when it is inside a work tree, else None."""
    git = shutil.which("git")
    if git is None:
        return None
    check = subprocess.run(
        [git, "-C", folder, "rev-parse", "--is-inside-work-tree"],
        capture_output=True,
        check=False,
    )
    if check.returncode != 0 or check.stdout.strip() != b"true":
        return None
    return subprocess.Popen(
        [git, "-C", folder, *_LS_FILES],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )


def _from_git(
    folder: str,
    listing: subprocess.Popen[bytes],
    options: WalkOptions,
    seen: set[tuple[int, int]],
) -> Iterator[Entry]:
    assert listing.stdout is not None
    try:
        for relative in _split_nul(listing.stdout):
            if not wanted(relative, options):
                continue
            path = _join(folder, relative)
            if options.follow_symlinks and os.path.islink(path) and os.path.isdir(path):
                yield from _walk_folder(folder, relative, options, seen)
            else:
                yield Entry(path)
    finally:
        listing.stdout.close()
        if listing.poll() is None:
            listing.kill()
        listing.wait()


def _split_nul(stream: IO[bytes], size: int = 1 << 16) -> Iterator[str]:
    """NUL-terminated names from a byte stream, decoded as the file system does."""
    pending = b""
    while chunk := stream.read(size):
        pending += chunk
        *names, pending = pending.split(b"\0")
        for name in names:
            if name:
                yield os.fsdecode(name)
    if pending:
        yield os.fsdecode(pending)
