"""The fitted plausibility model: weights over :mod:`features`, and the
calibration that turns a reading's share of the evidence into a confidence.

``model.json`` beside this module is written by ``tools/mojibake/train.py``
(generated; never edited by hand). It holds

* ``names`` and ``weights``: one weight per feature (the names must be the
  features' names, in order, or the model is refused);
* ``identity_bonus``: added to the score of "the bytes are fine as they
  are", and ``partial_price``: taken from the score of a per-part reading
  (per line or per piece), both chosen on the validation split so that a
  repair must be clearly likelier than the text as it is (precision first);
* ``calibration``, ``guess_calibration``, ``legacy_calibration`` and
  ``identity_calibration``: the knots of isotonic maps from the best
  reading's raw probability (the softmax of the scores) to a lower bound of
  the share of such answers that were right on the validation split: one for
  repairs, one for repairs that guessed lost bytes, one for repairs whose
  oldest text was a legacy code page or UTF-16 misread (bytes its reader
  lost leave no trace there), one for "fine as it is" (each kind of answer
  is wrong in its own way: a repair by picking the wrong chain, a guess by
  picking the wrong letter, "fine" by missing damage).

A reading's *price* is minus its score: the search keeps the cheapest.
"""

from __future__ import annotations

import json
from functools import cache, lru_cache
from importlib import resources

import numpy as np
import numpy.typing as npt

from mojiscope.core.mojibake import features as feats
from mojiscope.core.mojibake.chain import Chain

F64 = npt.NDArray[np.float64]


class ModelError(RuntimeError):
    """model.json does not fit the features (retrain: tools/mojibake/train.py)."""


_override: dict[str, object] = {}


def use_model(model: dict[str, object] | None) -> None:
    """Score with ``model`` (a dict like model.json's) instead of the shipped
    one; ``None`` goes back to it. The training script's hook."""
    _override.clear()
    if model is not None:
        _override.update(model)
    _loaded.cache_clear()
    text_score.cache_clear()


@cache
def _loaded() -> tuple[F64, float, F64, F64, F64, F64, float, F64, F64, F64, F64]:
    if _override:
        model = dict(_override)
    else:
        raw = resources.files(__package__).joinpath("model.json").read_text("utf-8")
        model = json.loads(raw)
    if list(model["names"]) != list(feats.NAMES):  # type: ignore[call-overload]
        raise ModelError("model.json was fitted to other features: run tools/mojibake/train.py")
    weights = np.asarray(model["weights"], np.float64)
    knots = np.asarray(model["calibration"], np.float64).reshape(-1, 2)
    kept = np.asarray(model["identity_calibration"], np.float64).reshape(-1, 2)
    bonus = float(model["identity_bonus"])  # type: ignore[arg-type]
    partial = float(model["partial_price"])  # type: ignore[arg-type]
    guess = np.asarray(model["guess_calibration"], np.float64).reshape(-1, 2)
    legacy = np.asarray(model["legacy_calibration"], np.float64).reshape(-1, 2)
    return (
        weights, bonus, knots[:, 0], knots[:, 1], kept[:, 0], kept[:, 1], partial,
        guess[:, 0], guess[:, 1], legacy[:, 0], legacy[:, 1],
    )  # fmt: skip


def weights() -> F64:
    return _loaded()[0]


def identity_bonus() -> float:
    return _loaded()[1]


@lru_cache(maxsize=4096)
def text_score(text: str) -> float:
    """The text's share of a reading's score (higher: likelier)."""
    return float(np.dot(weights()[: feats.TEXT_SIZE], feats.text_features(text)))


def chain_score(
    chain: Chain, guesses: tuple[str, ...] = (), parts: int = 0, pieces: bool = False
) -> float:
    """The chain's share of a reading's score, and the identity bonus for the empty chain."""
    vector = feats.chain_features(chain, guesses, parts, pieces)
    score = float(np.dot(weights()[feats.TEXT_SIZE :], vector))
    if chain.is_identity and not parts:
        score += identity_bonus()
    if parts:
        score -= _loaded()[6]
    return score


def price(
    text: str,
    chain: Chain,
    guesses: tuple[str, ...] = (),
    parts: int = 0,
    pieces: bool = False,
) -> float:
    """Minus the score of a reading: the search keeps the cheapest."""
    return -(text_score(text) + chain_score(chain, guesses, parts, pieces))


def origin_price(text: str, origin: str) -> float:
    """What a repair's relation to the text as it is adds to its price
    (``features.duplicates``)."""
    return -float(weights()[feats.DUPLICATES]) * feats.duplicates(text, origin)


def line_prices(lines: list[str]) -> F64:
    """Minus the per-character and per-word score of each line, in one pass."""
    return -feats.local_scores(lines, weights())


def calibrated(
    raw: float, *, unchanged: bool = False, guessed: bool = False, legacy: bool = False
) -> float:
    """The confidence for a best reading whose raw probability is ``raw``
    (``unchanged``: the reading is the text as it is; ``guessed``: it
    guessed lost bytes; ``legacy``: its oldest text was a legacy code page or
    UTF-16, see :func:`legacy_origin`), each kind by its own map."""
    _, _, xs, ys, kept_xs, kept_ys, _, guess_xs, guess_ys, old_xs, old_ys = _loaded()
    if unchanged:
        return float(np.interp(raw, kept_xs, kept_ys))
    if guessed:
        return float(np.interp(raw, guess_xs, guess_ys))
    if legacy:
        return float(np.interp(raw, old_xs, old_ys))
    return float(np.interp(raw, xs, ys))


def legacy_origin(chain: Chain) -> bool:
    """Whether a chain's oldest text was misread legacy or UTF-16 bytes."""
    return any(layer.written != "utf-8" for layer in chain.layers)
