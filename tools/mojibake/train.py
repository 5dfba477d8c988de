# ruff: noqa: E501 - tables of weights read best whole
"""Fit the explainer's plausibility model and calibration; write
src/mojiscope/core/mojibake/model.json and the development corpus
tests/data/mojibake/devtest.json.

Run from the repository root, with the ``train`` extra installed
(``.venv/bin/pip install -e '.[train]'``)::

    .venv/bin/python tools/mojibake/lexicon.py   # the word table (once)
    .venv/bin/python tools/mojibake/train.py
    .venv/bin/python tools/mojibake/train.py --only FEATURE...  # those weights alone

1. Texts (``texts.py``) are split by document group into train, validation
   and test; each is damaged by random chains (``damage.py``), beside itself
   undamaged.
2. Each case's candidate readings come from the explainer's own search
   (``explain.candidates``); the one whose text is the expected text is the
   right one. A conditional logit (a softmax over a case's candidates of a
   linear score of ``features.features``) is fitted on the train split by
   L-BFGS with an L2 penalty. The search prunes by the score, so candidates
   are found again with the fitted weights and the fit is repeated.
3. On the validation split only: the identity bonus (how much likelier than
   the text as it is a repair must be) is the smallest that changes at most
   :data:`FALSE_FIX_GOAL` of the correct texts, and the calibration is an
   isotonic map from the best reading's raw probability to the share right.
4. The test split is written as tests/data/mojibake/devtest.json; nothing
   here reads it back. It was measured while the model was developed, so it
   is a development set now; the blind held-out corpus is heldout.json,
   written once by ``heldout.py`` from other sources.

Deterministic: seeded choices, texts sorted, one process per round's cases
in a fixed order.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections import defaultdict
from multiprocessing import Pool
from pathlib import Path

import numpy as np
import scipy.optimize
import scipy.sparse

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))

from corpus import write_corpus  # noqa: E402
from damage import Case, cases_for  # noqa: E402
from texts import Text, texts_by_split  # noqa: E402

from mojiscope.core.mojibake import features as feats  # noqa: E402
from mojiscope.core.mojibake import model, search  # noqa: E402
from mojiscope.core.mojibake.explain import candidates, readable_text  # noqa: E402
from mojiscope.core.mojibake.hypothesis import guess_kinds  # noqa: E402

MODEL = ROOT / "src" / "mojiscope" / "core" / "mojibake" / "model.json"
DEVTEST = ROOT / "tests" / "data" / "mojibake" / "devtest.json"
TEXTS_PER_SPLIT = {"train": 8000, "validation": 1500, "test": 500}
MAX_CHARS = 160
#: The L2 penalty per weight, against the mean loss per case: chosen on the
#: validation split (the smallest that changes no more correct texts there). A
#: larger one holds back the priors of chains the training data holds rarely.
L2 = 0.00003
FALSE_FIX_GOAL = 0.008
#: How much more a case whose right reading is the text as it is weighs in the fit.
CORRECT_WEIGHT = 4.0
ROUNDS = 2
TRAIN_BEAM = 10
#: Weights the first round's search prunes with, before anything is fitted
#: (the fit replaces all of them).
BOOTSTRAP = {
    "class:c1": -3.0, "class:fffd": -3.0, "class:private": -4.0, "class:latin1-capital": -1.0,
    "class:latin1-sign": -1.0, "class:modifier": -1.5, "class:box": -1.0, "class:halfwidth-kana": -2.0,
    "class:han-rare": -2.0, "class:hangul-rare": -2.0, "class:cyrillic-rare": -1.5,
    "class:latin-rare": -1.5, "class:control": -4.0, "word-known": 1.0, "word-unknown": -0.5,
    "word-mixed-scripts": -2.0, "layers": -1.0, "written:legacy": -2.0, "utf8-runs": -2.0,
}  # fmt: skip

#: Weights held at 0 or above. A word the frequent words hold counts as
#: "word-known" and as "word-listed" (which the rarer words count as too),
#: so a frequent word is never less likely than a rare one (``être`` before
#: ``étre`` where a lost byte makes either).
NONNEGATIVE = ("word-known",)


def _pick(texts: list[Text], count: int, rng: random.Random) -> list[Text]:
    """``count`` texts spread over languages and sources (round robin)."""
    by_key: dict[tuple[str, str], list[Text]] = defaultdict(list)
    for text in texts:
        if len(text.text) <= MAX_CHARS:
            by_key[(text.source, text.language.split("-")[0])].append(text)
    pools = [by_key[key] for key in sorted(by_key)]
    for pool in pools:
        rng.shuffle(pool)
    picked: list[Text] = []
    while len(picked) < count and any(pools):
        for pool in pools:
            if pool and len(picked) < count:
                picked.append(pool.pop())
    return picked


def make_cases(seed: int = 35) -> dict[str, list[tuple[Case, Text]]]:
    """Each split's cases, from a generator of its own (changing how many
    training cases there are leaves the test split as it is)."""
    by_split = texts_by_split()
    out: dict[str, list[tuple[Case, Text]]] = {}
    for split, count in TEXTS_PER_SPLIT.items():
        rng = random.Random(f"{seed}:{split}")
        cases = []
        for text in _pick(by_split[split], count, rng):
            cases += [(case, text) for case in cases_for(text.text, text.language, rng)]
        out[split] = cases
    return out


def _bootstrap_model() -> dict[str, object]:
    weights = [BOOTSTRAP.get(name, 0.0) for name in feats.NAMES]
    return {"names": list(feats.NAMES), "weights": weights, "identity_bonus": 0.0, "partial_price": 0.0,
            "calibration": [0.0, 0.0, 1.0, 1.0], "identity_calibration": [0.0, 0.0, 1.0, 1.0],
            "guess_calibration": [0.0, 0.0, 1.0, 1.0], "legacy_calibration": [0.0, 0.0, 1.0, 1.0]}  # fmt: skip


def _worker(current: dict[str, object]) -> None:
    model.use_model(current)
    search.BEAM = TRAIN_BEAM


def _group(
    args: tuple[bytes, str],
) -> tuple[
    list[tuple[np.ndarray, np.ndarray]], list[bool], list[bool], list[bool], list[bool], list[bool]
]:
    """One case's candidates: sparse feature rows, which is right, which is
    the identity, which is per part, which guessed lost bytes, which read a
    legacy or UTF-16 origin."""
    data, expect = args
    readings, _ = candidates(data)
    readable = readable_text(data) is not None
    origin = data.decode("utf-8", "replace")
    rows, right, identity, partial, guessed, legacy = [], [], [], [], [], []
    for h in readings[:24]:
        text = h.scored
        kinds = guess_kinds(h.guesses)
        vector = feats.features(text, h.chain, kinds, h.parts, h.pieces, origin)
        nonzero = np.flatnonzero(vector)
        rows.append((nonzero.astype(np.int32), vector[nonzero].astype(np.float64)))
        right.append(h.text == expect)
        identity.append(readable and h.chain.is_identity and h.parts == 0)
        partial.append(h.parts > 0)
        guessed.append(bool(h.guesses))
        legacy.append(model.legacy_origin(h.chain))
    return rows, right, identity, partial, guessed, legacy


class Groups:
    """Candidates of many cases as one sparse matrix, with group offsets."""

    def __init__(
        self, results: list[tuple[list, list[bool], list[bool], list[bool], list[bool], list[bool]]]
    ) -> None:
        indptr, indices, values, right, identity, starts = [0], [], [], [], [], [0]
        partial: list[bool] = []
        guessed: list[bool] = []
        legacy: list[bool] = []
        for rows, r, i, part, guess, old in results:
            partial += part
            guessed += guess
            legacy += old
            for nonzero, vals in rows:
                indices.append(nonzero)
                values.append(vals)
                indptr.append(indptr[-1] + len(nonzero))
            right += r
            identity += i
            starts.append(starts[-1] + len(rows))
        self.x = scipy.sparse.csr_matrix(
            (np.concatenate(values), np.concatenate(indices), np.array(indptr)),
            shape=(len(right), feats.SIZE),
        )
        self.right = np.array(right, bool)
        self.identity = np.array(identity, bool)
        self.partial = np.array(partial, bool)
        self.guessed = np.array(guessed, bool)
        self.legacy = np.array(legacy, bool)
        self.starts = np.array(starts)
        self.group = np.repeat(np.arange(len(starts) - 1), np.diff(self.starts))
        self.has_right = np.add.reduceat(self.right, self.starts[:-1]) > 0

    def probabilities(self, scores: np.ndarray) -> np.ndarray:
        top = np.maximum.reduceat(scores, self.starts[:-1])
        e = np.exp(scores - top[self.group])
        return e / np.add.reduceat(e, self.starts[:-1])[self.group]


def collect(cases: list[tuple[Case, Text]], current: dict[str, object], processes: int) -> Groups:
    args = [(case.data, case.expect) for case, _ in cases]
    with Pool(processes, initializer=_worker, initargs=(current,)) as pool:
        results = pool.map(_group, args, chunksize=64)
    return Groups(results)


def fit(groups: Groups, start: np.ndarray, free: np.ndarray | None = None) -> np.ndarray:
    """The weights that fit ``groups``, from ``start``; where ``free`` is
    given, only the weights it marks move (the others stay at ``start``)."""
    keep = groups.has_right[groups.group]
    x, right, group = groups.x[keep], groups.right[keep], groups.group[keep]
    _, group = np.unique(group, return_inverse=True)
    starts = np.flatnonzero(np.r_[True, group[1:] != group[:-1]])
    identity_right = np.add.reduceat(right & groups.identity[keep], starts) > 0
    weight = np.where(identity_right, CORRECT_WEIGHT, 1.0)

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        # A case is right when any of its right readings is chosen (two
        # chains may make the same text): minus the log of their summed
        # probability, whose gradient moves each right reading's share in
        # proportion to its probability among them.
        scores = x @ w
        top = np.maximum.reduceat(scores, starts)
        e = np.exp(scores - top[group])
        sums = np.add.reduceat(e, starts)
        rights = np.add.reduceat(e * right, starts)
        nll = -np.sum(weight * (np.log(rights) - np.log(sums)))
        p = e / sums[group] - e * right / rights[group]
        grad = x.T @ (weight[group] * p)
        n = float(weight.sum())
        return nll / n + L2 * float(w @ w), grad / n + 2 * L2 * w

    held = np.isin(feats.NAMES, NONNEGATIVE)
    start = np.where(held, np.maximum(start, 0.0), start)  # L-BFGS-B starts inside its bounds
    bounds = [(0.0, None) if h else (None, None) for h in held]
    if free is not None:
        bounds = [
            b if f else (float(v), float(v)) for b, f, v in zip(bounds, free, start, strict=True)
        ]
    result = scipy.optimize.minimize(loss, start, jac=True, method="L-BFGS-B", bounds=bounds,
                                     options={"maxiter": 400})  # fmt: skip
    print(f"fit: {result.nit} iterations, {result.message}")
    return np.asarray(result.x)


def _decisions(
    groups: Groups, w: np.ndarray, bonus: float, partial: float = 0.0
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per case: whether the best reading is right, its raw probability,
    whether it is the text as it is, whether it guessed lost bytes and
    whether it read a legacy or UTF-16 origin (``bonus`` added to the
    identity's score, ``partial`` taken from per-part readings')."""
    scores = groups.x @ w + bonus * groups.identity - partial * groups.partial
    p = groups.probabilities(scores)
    top = np.maximum.reduceat(scores, groups.starts[:-1])
    at_top = np.flatnonzero(scores == top[groups.group])
    _, first = np.unique(groups.group[at_top], return_index=True)
    best = at_top[first]
    return (groups.right[best], p[best], groups.identity[best], groups.guessed[best],
            groups.legacy[best])  # fmt: skip


def choose_margins(groups: Groups, w: np.ndarray, correct: np.ndarray) -> tuple[float, float]:
    """The identity bonus and the per-part price that keep the most damaged
    cases right while changing at most :data:`FALSE_FIX_GOAL` of the correct ones."""
    best = (-1.0, 12.0, 0.0)
    for partial in np.arange(0.0, 4.01, 0.5):
        for bonus in np.arange(0.0, 8.01, 0.25):
            right, *_ = _decisions(groups, w, bonus, partial)
            if 1 - right[correct].mean() <= FALSE_FIX_GOAL:
                damaged = right[~correct].mean()
                print(f"  bonus {bonus:5.2f}, per-part price {partial:4.2f}: top-1 "
                      f"{damaged:6.1%} of damaged")  # fmt: skip
                if damaged > best[0]:
                    best = (damaged, float(bonus), float(partial))
                break
    return best[1], best[2]


def isotonic(x: np.ndarray, y: np.ndarray, z: float = 1.64) -> list[float]:
    """Knots (x, y) of a non-decreasing map from raw probability to the share
    right: pool-adjacent-violators, then each block's share replaced by its
    one-sided 95% Wilson lower bound (a small block claims little), kept
    non-decreasing. Conservative on purpose: held-out data differs."""
    if len(x) == 0:
        return [0.0, 0.0, 1.0, 0.0]
    order = np.argsort(x)
    xs, ys = x[order], y[order].astype(float)
    blocks: list[list[float]] = []  # [sum y, count, max x, min x]
    for xv, yv in zip(xs, ys, strict=True):
        blocks.append([yv, 1.0, xv, xv])
        while len(blocks) > 1 and blocks[-2][0] / blocks[-2][1] >= blocks[-1][0] / blocks[-1][1]:
            s, n, hi, _ = blocks.pop()
            blocks[-1][0] += s
            blocks[-1][1] += n
            blocks[-1][2] = hi
    knots: list[float] = []
    floor = 0.0
    for s, n, hi, lo in blocks:
        p = s / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        spread = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        floor = max(floor, float(centre - spread))
        knots += [lo, floor, hi, floor]
    return [0.0, knots[1], *knots, 1.0, knots[-1]]


def report(
    cases: list[tuple[Case, Text]], groups: Groups, w: np.ndarray, bonus: float, partial: float
) -> None:
    """Validation top-1 per category, with the margins and without them."""
    with_bonus, *_ = _decisions(groups, w, bonus, partial)
    without, *_ = _decisions(groups, w, 0.0)
    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for i, (case, _) in enumerate(cases):
        row = tally[case.category]
        row[0] += 1
        row[1] += int(with_bonus[i])
        row[2] += int(without[i])
        row[3] += int(groups.has_right[i])
    for category, (n, a, b, c) in sorted(tally.items()):
        print(f"  {category:20} {n:5} {a / n:6.1%} (no bonus {b / n:6.1%}; found {c / n:6.1%})")


def write_devtest(cases: list[tuple[Case, Text]]) -> None:
    write_corpus(
        DEVTEST,
        "GENERATED by tools/mojibake/train.py from texts.py and damage.py: "
        "the test split, never trained on but measured during development; do not edit by hand.",
        cases,
        comment=True,
    )


def fit_only(cases: dict[str, list[tuple[Case, Text]]], names: list[str], processes: int) -> None:
    """Fit the weights of ``names`` alone on the train split, the shipped
    model's other weights held (a feature it lacks starts at 0), and write
    the model with those weights changed and nothing else: a feature comes
    in without moving the fit of the others."""
    shipped = json.loads(MODEL.read_text("utf-8"))
    unknown = sorted(set(names) - set(feats.NAMES))
    if unknown:
        raise SystemExit(f"no such feature: {', '.join(unknown)}")
    had = dict(zip(shipped["names"], shipped["weights"], strict=True))
    current = {
        **shipped,
        "names": list(feats.NAMES),
        "weights": [had.get(n, 0.0) for n in feats.NAMES],
    }
    model.use_model(current)
    train = collect(cases["train"], current, processes)
    w = fit(train, np.asarray(current["weights"], float), np.isin(feats.NAMES, names))
    current["weights"] = [round(float(v), 5) for v in w]
    for name in names:
        print(f"{name}: {had.get(name, 0.0)} -> {current['weights'][feats.NAMES.index(name)]}")
    MODEL.write_text(json.dumps(current, indent=0) + "\n", "utf-8")
    print(f"wrote {MODEL}")


def main() -> None:
    if os.environ.get("PYTHONHASHSEED") != "0":
        # Some text sources iterate sets (Faker's providers among them): fix
        # the hash seed so that the same machine gives the same cases.
        os.execve(
            sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"}
        )
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument(
        "--only", nargs="+", metavar="FEATURE",
        help="fit these features' weights alone (new ones start at 0), keeping "
             "model.json's other weights, margins and calibration",
    )  # fmt: skip
    args = parser.parse_args()
    began = time.perf_counter()
    cases = make_cases()
    print({split: len(c) for split, c in cases.items()}, f"{time.perf_counter() - began:.0f} s")
    write_devtest(cases["test"])
    if args.only:
        fit_only(cases, args.only, args.processes)
        return
    current = _bootstrap_model()
    w = np.asarray(current["weights"], float)
    for round_ in range(ROUNDS):
        model.use_model(current)
        train = collect(cases["train"], current, args.processes)
        w = fit(train, w)
        current = {**current, "weights": [round(float(v), 5) for v in w]}
        print(f"round {round_}: {train.has_right.mean():.1%} of train cases have the right "
              f"candidate; {time.perf_counter() - began:.0f} s")  # fmt: skip
    model.use_model(current)
    validation = collect(cases["validation"], current, args.processes)
    correct = np.array([case.category.startswith("correct") for case, _ in cases["validation"]])
    bonus, partial = choose_margins(validation, w, correct)
    right, raw, unchanged, guessed, legacy = _decisions(validation, w, bonus, partial)
    guessed &= ~unchanged
    legacy &= ~unchanged & ~guessed
    repairs = ~unchanged & ~guessed & ~legacy
    maps = {
        "calibration": isotonic(raw[repairs], right[repairs]),
        "identity_calibration": isotonic(raw[unchanged], right[unchanged]),
        "guess_calibration": isotonic(raw[guessed], right[guessed]),
        "legacy_calibration": isotonic(raw[legacy], right[legacy]),
    }
    current = {
        **current,
        "identity_bonus": bonus,
        "partial_price": partial,
        **{name: [round(k, 5) for k in knots] for name, knots in maps.items()},
    }
    print(f"validation: top-1 {right.mean():.1%}, correct changed {1 - right[correct].mean():.2%}, "
          f"bonus {bonus}, per-part price {partial}; {time.perf_counter() - began:.0f} s")  # fmt: skip
    report(cases["validation"], validation, w, bonus, partial)
    current["note"] = "GENERATED by tools/mojibake/train.py: do not edit by hand."
    MODEL.write_text(json.dumps(current, indent=0) + "\n", "utf-8")
    print(f"wrote {MODEL}")


if __name__ == "__main__":
    main()
