# ruff: noqa: E501 - commands read best whole
"""Write the blind held-out corpus, tests/data/mojibake/heldout.json: texts
from sources that no training, validation or earlier test text came from,
damaged by ``damage.py`` with a seed of its own.

Run once, from the repository root, with the ``train`` extra installed::

    mkdir -p /tmp/heldout-debs && cd /tmp/heldout-debs
    apt-get download nano mc-data vlc-l10n pidgin-data gedit-common evince-common gnumeric-common rhythmbox-data
    for f in *.deb; do dpkg-deb -x "$f" root; done
    cd - && .venv/bin/python tools/mojibake/heldout.py --catalogs /tmp/heldout-debs/root/usr/share/locale

Sources (none installed on the machine the model is trained on, none any
project's test suite):

* the gettext catalogs of the Debian packages above, which are not installed
  here, so ``texts.mo_texts`` never read them for train or validation;
* Faker locales that ``texts.FAKER_LOCALES`` leaves out (:data:`LOCALES`).

A text that also occurs among the train or validation texts is left out.
The corpus is frozen: it is generated once, before the work it measures,
and committed; regenerating it with a changed ``damage.py`` or other
catalogs gives other cases, so it is rerun only to draw a new blind split.
Nothing in training reads it; only tests/bench/bench_mojibake.py does.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))

from corpus import write_corpus  # noqa: E402
from damage import cases_for  # noqa: E402
from texts import Text, faker_texts, mo_texts, texts_by_split  # noqa: E402
from train import _pick  # noqa: E402

HELDOUT = ROOT / "tests" / "data" / "mojibake" / "heldout.json"
SEED = "heldout-2026-11-28"
TEXTS = 600
#: Faker locales that training's FAKER_LOCALES leaves out.
LOCALES = (
    "am_ET", "ar_EG", "ar_SA", "bn_BD", "de_LU", "el_CY", "en_AU", "en_IE", "en_NZ", "es_CL",
    "es_CO", "fil_PH", "fr_BE", "ga_IE", "hi_IN", "it_CH", "la", "lb_LU", "mt_MT",
    "ne_NP", "nl_BE", "sw", "ta_IN", "uz_UZ", "zu_ZA",
)  # fmt: skip


def main() -> None:
    if os.environ.get("PYTHONHASHSEED") != "0":
        os.execve(
            sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"}
        )
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--catalogs", type=Path, required=True, help="a usr/share/locale tree")
    args = parser.parse_args()
    seen = {t.text for split in ("train", "validation") for t in texts_by_split()[split]}
    texts: list[Text] = [
        t
        for t in [
            *mo_texts(rng_seed=3535, locale_dir=args.catalogs),
            *faker_texts(seed=3535, locales=LOCALES),
        ]
        if t.text not in seen
    ]
    rng = random.Random(SEED)
    picked = _pick(texts, TEXTS, rng)
    cases = [(case, text) for text in picked for case in cases_for(text.text, text.language, rng)]
    write_corpus(
        HELDOUT,
        "GENERATED once by tools/mojibake/heldout.py (blind held-out split: "
        "never trained, tuned or looked at case by case); do not edit by hand.",
        cases,
    )
    print(f"{len(picked)} texts, {len(cases)} cases -> {HELDOUT}")


if __name__ == "__main__":
    main()
