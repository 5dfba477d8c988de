"""Real text in many languages for training and measuring the explainer,
split by source document so that no document feeds two splits.

Three sources, none of them any project's test suite:

* gettext catalogs (``/usr/share/locale/*/LC_MESSAGES/*.mo``, from Debian's
  packages): sentences people translated. A catalog *domain* (``coreutils``,
  ``gtk20``...) is one document group: all its languages go to one split,
  chosen by a hash of the domain's name.
* Faker's locale providers: names, addresses, companies and short texts as
  a CSV row holds them. A *locale* is one document group.
* wordfreq's word lists: pseudo-sentences of words drawn by frequency, for
  the languages the other two lack. Training and validation only (they are
  word salad, not text to report figures on).

A text that is itself mojibake (Debian's Norwegian Nynorsk catalog of
``gettext-tools`` holds ``pÃ¥`` and ``Â«Â»`` for ``på`` and ``«»``) is
left out: as a correct text it would teach the model that mojibake is
plausible. ftfy's ``fix_encoding`` tells them: a text it changes is one.

Every choice is seeded: the same machine gives the same texts.
"""

from __future__ import annotations

import gettext
import hashlib
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ftfy import fix_encoding

SPLITS = ("train", "validation", "test")
LOCALE_DIR = Path("/usr/share/locale")
#: gettext catalogs that are lists of names (countries, languages, currencies):
#: not sentences, and the same names in every domain of the family.
NAME_LISTS = re.compile(r"^iso_|^iso-")
_FORMAT = re.compile(r"%[-+ #0-9.*]*[a-zA-Z]|\{[^}]*\}|<[^>]+>|_(?=\w)|&(?=\w)")


@dataclass(frozen=True)
class Text:
    """One text, where it came from, and its language (a BCP 47-ish code)."""

    text: str
    language: str
    source: str
    group: str


def split_of(group: str, shares: tuple[float, float] = (0.6, 0.2)) -> str:
    """The split a document group belongs to, from a hash of its name."""
    digest = int.from_bytes(hashlib.sha256(group.encode()).digest()[:8], "big") / 2**64
    if digest < shares[0]:
        return "train"
    return "validation" if digest < shares[0] + shares[1] else "test"


def _clean(message: str) -> str:
    text = _FORMAT.sub("", message).replace("\\n", " ")
    return " ".join(text.split())


def mo_texts(
    per_catalog: int = 40, rng_seed: int = 35, locale_dir: Path = LOCALE_DIR
) -> Iterator[Text]:
    """Translated sentences from the gettext catalogs under ``locale_dir``
    (this machine's, by default)."""
    rng = random.Random(rng_seed)
    for path in sorted(locale_dir.glob("*/LC_MESSAGES/*.mo")):
        domain = path.stem
        if NAME_LISTS.search(domain):
            continue
        language = path.parts[-3].split(".")[0].split("@")[0].replace("_", "-")
        try:
            with path.open("rb") as handle:
                catalog = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
        except (OSError, UnicodeError, ValueError, LookupError):
            continue
        messages = sorted(
            {
                _clean(value)
                for key, value in catalog.items()
                if key and isinstance(value, str) and 12 <= len(value) <= 240
            }
        )
        messages = [
            m
            for m in messages
            if (not m.isascii() or language.startswith("en")) and fix_encoding(m) == m
        ]
        rng.shuffle(messages)
        for message in messages[:per_catalog]:
            yield Text(message, language, "gettext", f"mo:{domain}")


FAKER_LOCALES = (
    "ar_AA", "az_AZ", "bg_BG", "bs_BA", "cs_CZ", "da_DK", "de_AT", "de_CH", "de_DE", "el_GR",
    "en_GB", "en_US", "es_AR", "es_ES", "es_MX", "et_EE", "fa_IR", "fi_FI", "fr_CA", "fr_CH",
    "fr_FR", "he_IL", "hr_HR", "hu_HU", "hy_AM", "id_ID", "is_IS", "it_IT", "ja_JP", "ka_GE",
    "ko_KR", "lt_LT", "lv_LV", "mk_MK", "nl_NL", "no_NO", "pl_PL", "pt_BR", "pt_PT", "ro_RO",
    "ru_RU", "sk_SK", "sl_SI", "sq_AL", "sr_BA", "sv_SE", "th_TH", "tr_TR", "uk_UA", "vi_VN",
    "zh_CN", "zh_TW",
)  # fmt: skip


def faker_texts(
    rows: int = 60, seed: int = 35, locales: tuple[str, ...] = FAKER_LOCALES
) -> Iterator[Text]:
    """CSV-like rows (name;city;company;address line) and short texts per locale."""
    from faker import Faker

    for locale in locales:
        fake = Faker(locale)
        fake.seed_instance(seed)
        language = locale.split("_")[0].replace("no", "nb")
        for i in range(rows):
            try:
                if i % 3 == 0:
                    text = f"{fake.name()};{fake.city()};{fake.company()}"
                elif i % 3 == 1:
                    text = " ".join(fake.address().split())
                else:
                    text = " ".join(fake.text(max_nb_chars=160).split())
            except (AttributeError, ValueError):
                continue
            yield Text(text, language, "faker", f"faker:{locale}")


WORDFREQ_LANGUAGES = (
    "ar", "bg", "bn", "ca", "cs", "da", "de", "el", "en", "es", "fa", "fi", "fr", "he", "hi",
    "hu", "id", "is", "it", "ja", "ko", "lt", "lv", "mk", "ms", "nb", "nl", "pl", "pt", "ro",
    "ru", "sh", "sk", "sl", "sv", "ta", "tr", "uk", "ur", "vi", "zh",
)  # fmt: skip
_SPACELESS = ("ja", "zh")


def wordfreq_texts(per_language: int = 80, seed: int = 35) -> Iterator[Text]:
    """Pseudo-sentences of 3-12 words drawn by frequency from wordfreq's lists."""
    import wordfreq

    rng = random.Random(seed)
    for language in WORDFREQ_LANGUAGES:
        frequencies = wordfreq.get_frequency_dict(language)
        words = wordfreq.top_n_list(language, 4000)
        weights = [frequencies.get(w, 1e-8) ** 0.6 for w in words]
        joiner = "" if language in _SPACELESS else " "
        for i in range(per_language):
            picked = rng.choices(words, weights, k=rng.randint(3, 12))
            text = joiner.join(picked)
            if rng.random() < 0.5:
                text = text[:1].upper() + text[1:] + rng.choice(".,;:!?") if text else text
            yield Text(text, language, "wordfreq", f"wordfreq:{language}:{i % 5}")


def texts_by_split() -> dict[str, list[Text]]:
    """All texts, each in the split of its document group (see the module)."""
    out: dict[str, list[Text]] = {split: [] for split in SPLITS}
    for text in mo_texts():
        out[split_of(text.group)].append(text)
    for text in faker_texts():
        out[split_of(text.group)].append(text)
    for text in wordfreq_texts():
        split = split_of(text.group, (0.8, 0.2))
        out[split].append(text)
    return out


if __name__ == "__main__":
    from collections import Counter

    by_split = texts_by_split()
    for split, texts in by_split.items():
        languages = Counter(t.language.split("-")[0] for t in texts)
        sources = Counter(t.source for t in texts)
        print(split, len(texts), len(languages), "languages", dict(sources))
