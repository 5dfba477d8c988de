"""Which decoders the window can show: a format id, or UTF-8 under a policy.

A *format key* names one decoded column. It is a format id or alias that
:func:`mojiscope.core.get_format` knows (``utf-8``, ``cp1252``), or a
pseudo-id ``FORMAT/POLICY`` (``utf-8/per-byte``) that shows a format under
one of its replacement policies, so the policies can be compared side by
side. A :class:`FormatChoice` turns a key into decoded windows; the app never
decodes any other way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from mojiscope.core import Decoding, Format, MojiscopeError, Source, formats, get_format
from mojiscope.core.codecs.format import POLICIES, Policy, apply_policy

DEFAULT_KEYS: tuple[str, ...] = ("utf-8", "wtf-8", "xtf-8", "stf-7", "corrected-utf-8", "cp1252")
"""The columns shown until the user chooses (keys core does not know are skipped)."""

ExactWindow = Callable[[Format, int, int], Decoding | None]
"""Bytes ``[start, end)`` of a format decoded exactly as the whole file would
be, where a whole-file index knows the character boundaries (a code page
that cannot resynchronise), else ``None``; no replacement policy applied."""

_POLICY_WORDS = {"per-byte": "per byte", "per-run": "per run", "maximal-subpart": "max. subpart"}


@dataclass(frozen=True)
class FormatChoice:
    """One decoded column: a format and the replacement policy it renders with."""

    key: str
    format: Format
    policy: Policy = "maximal-subpart"

    @property
    def label(self) -> str:
        """Short column title: the format id, plus the policy when it is not the default."""
        if self.policy == "maximal-subpart":
            return self.format.id
        return f"{self.format.id} ({_POLICY_WORDS[self.policy]})"

    @property
    def description(self) -> str:
        text: str = self.format.description
        if self.policy != "maximal-subpart":
            text += f"; replacement policy {self.policy}"
        return text

    def decode_window(
        self, source: Source, start: int, end: int, exact: ExactWindow | None = None
    ) -> Decoding:
        """Decode the spans starting in ``[start, end)`` (see ``Format.decode_window``),
        or take them from ``exact`` where it has them, then render them under
        the choice's replacement policy: the one place the app applies one."""
        decoding = exact(self.format, start, end) if exact is not None else None
        if decoding is None:
            decoding = self.format.decode_window(source, start, end)
        return apply_policy(decoding, self.policy)


@lru_cache(maxsize=256)
def resolve(key: str) -> FormatChoice | None:
    """The choice a key names, or ``None`` if core does not know it (yet)."""
    name, _, policy = key.partition("/")
    try:
        fmt = get_format(name)
    except (MojiscopeError, LookupError, ValueError):
        return None
    if not policy:
        return FormatChoice(key, fmt)
    if policy not in POLICIES or policy not in fmt.policies:
        return None
    return FormatChoice(key, fmt, policy)


def resolve_all(keys: Iterable[str]) -> list[FormatChoice]:
    """The choices for the keys core knows, in order, without duplicates."""
    seen: set[str] = set()
    out: list[FormatChoice] = []
    for key in keys:
        choice = resolve(key)
        if choice is not None and choice.key not in seen:
            seen.add(choice.key)
            out.append(choice)
    return out


def python_codec_names() -> list[str]:
    """Every name Python's codecs answer to (canonical names and aliases),
    plus the registered formats' ids, sorted: what the chooser completes.
    Not every one can be shown (stateful codecs, Unicode forms Mojiscope
    reads itself): :func:`describe_key` says which."""
    import encodings
    import pkgutil
    from encodings.aliases import aliases

    names = set(aliases) | set(aliases.values())
    names |= {
        m.name for m in pkgutil.iter_modules(encodings.__path__) if not m.name.startswith("_")
    }
    names |= {f.id for f in formats()}
    return sorted(names - {"aliases", "mbcs", "oem"}, key=str.lower)


def describe_key(key: str) -> tuple[FormatChoice | None, str]:
    """The choice a typed name makes and one line about it: its description,
    or why it cannot be a column."""
    name = key.strip()
    if not name:
        return None, "Type the name of a format or of any Python codec (cp850, koi8_u, ...)."
    choice = resolve(name)
    if choice is None:
        return None, f"{name!r} is not a format Mojiscope can show (unknown, or a stateful codec)."
    return choice, f"{choice.format.id}: {choice.description}"


def available_keys() -> list[str]:
    """Every key the chooser offers: each registered format, with each extra
    replacement policy of a format listed right after it."""
    keys: list[str] = []
    for fmt in formats():
        keys.append(fmt.id)
        keys.extend(f"{fmt.id}/{p}" for p in fmt.policies if p != "maximal-subpart")
    return keys
