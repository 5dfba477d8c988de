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
import math
from functools import cache, lru_cache
from importlib import resources

import numpy as np
import numpy.typing as npt

from mojiscope.core.mojibake import features as feats
from mojiscope.core.mojibake.chain import Chain
from mojiscope.core.mojibake.chain_features import chain_features

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
    _bound_weights.cache_clear()
    text_score.cache_clear()
    letter_score.cache_clear()
    text_score_bound.cache_clear()
    chain_score.cache_clear()


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


@lru_cache(maxsize=1 << 16)
def letter_score(char: str) -> float:
    """The score of one character with no neighbours, as a letter rather
    than a word: the features that say whether the word lists hold it
    as a one-letter word (French "à") are left out, as that says nothing
    of how likely it is inside a word."""
    vector = feats.text_features(char).copy()
    as_word = [feats.WORD_INDEX[name] for name in _WORD_STATUS]
    vector[as_word] = 0.0
    return float(np.dot(weights()[: feats.TEXT_SIZE], vector))


#: How high each feature :func:`text_score_bound` does not compute can
#: reach, per non-ASCII character of the text: each counts tokens holding
#: one, or such characters (a word's letter pairs count up to four per
#: letter: two beside it, and casefolding makes at most three letters of
#: one; the run characters are counted in fours).
_PER_CHAR = {
    "lower-then-capital": 1.0, "bigram-known": 4.0, "bigram-unknown": 4.0,
    "letters-no-language-uses": 1.0, "minority-script-letters": 1.0, "repeated-words": 1.0,
    "utf8-runs": 1.0, "utf8-run-characters": 0.25, "box-shapes-mixed": 1.0,
    "signs-in-words": 1.0, "mac-roman-runs": 1.0,
}  # fmt: skip
#: The feature counted at most once per Han character (a pair it begins),
#: bounded with the Han classes' weights.
_PER_HAN = "han-pairs-known"
#: Whether the word lists hold a token holding a non-ASCII letter: it is
#: known or unknown, and listed or not (known implies listed).
_WORD_STATUS = ("word-known", "word-unknown", "word-listed")
#: The features counted once per token holding a non-ASCII character
#: (besides :data:`_WORD_STATUS`).
_PER_TOKEN = ("word-mixed-scripts",)


@cache
def _bound_weights() -> tuple[F64, F64, float, float, float, float]:
    """The weights :func:`text_score_bound` reads: of the classes and their
    pairs, of the length, per non-ASCII character and per token holding one
    the most the bounded features can add (a negative weight adds at most
    nothing: every feature is a count, at least 0), and the largest weight
    of the text's features (for the margin)."""
    w = weights()
    k = feats.K
    at = {name: i for i, name in enumerate(feats.NAMES)}
    # A token is known (and listed), unknown and listed, or unknown alone:
    # the most of those, once per token.
    known, unknown, listed = (float(w[feats.WORD_INDEX[name]]) for name in _WORD_STATUS)
    per_token = max(known + listed, unknown + listed, unknown, 0.0)
    per_token += sum(max(float(w[at[n]]), 0.0) for n in _PER_TOKEN)
    per_char = sum(max(float(w[at[n]]), 0.0) * reach for n, reach in _PER_CHAR.items())
    largest = float(np.abs(w[: feats.TEXT_SIZE]).max())
    per_class = w[:k].copy()
    per_class[[feats.CLASSES.index("han"), feats.CLASSES.index("han-rare")]] += max(
        float(w[at[_PER_HAN]]), 0.0
    )
    return per_class, w[k : k + k * k], float(w[at["length"]]), per_char, per_token, largest


@lru_cache(maxsize=4096)
def text_score_bound(text: str) -> float:
    """A number never below :func:`text_score` of ``text``, from its
    characters' classes, their pairs and its length (counted as the text
    features count them), its count of non-ASCII characters and a bound on
    its tokens holding one (``features.token_bound``): every other text
    feature counts such tokens, non-ASCII characters or Han characters, so
    it is at most that count times its reach (``_PER_CHAR``, ``_PER_TOKEN``;
    ``_PER_HAN`` with the Han classes' weights). Far cheaper
    than the features: the explainer leaves readings it can prove
    irrelevant unscored (``explain.py``).

    The margin covers the rounding of both sums: each of the about 1,300
    terms is a count (together at most some 30 per character) times a
    weight, so either sum is off by less than 1,300 x 2^-53 x 30 x the
    length x the largest weight, some 300 times less than the margin."""
    per_class, per_pair, per_length, per_char, per_token, largest = _bound_weights()
    k = feats.K
    classes = feats.classes_of(text)
    counts = np.bincount(classes, minlength=k)
    score = float(per_class @ counts)
    if len(classes) > 1:
        score += float(per_pair[classes[:-1].astype(np.int64) * k + classes[1:]].sum())
    non_ascii = len(text) - int(counts[list(_ASCII_CLASSES)].sum())
    score += per_length * (len(text) / 64) + per_char * non_ascii
    if non_ascii and per_token:
        score += per_token * feats.token_bound(text)
    return score + 1e-9 * (1.0 + len(text)) * largest


#: The classes of ASCII characters (and no other: features.CLASSES).
_ASCII_CLASSES = tuple(
    feats.CLASSES.index(name)
    for name in ("ascii-letter", "digit", "space", "ascii-punct", "control")
)


@lru_cache(maxsize=4096)
def chain_score(
    chain: Chain, guesses: tuple[str, ...] = (), parts: int = 0, pieces: bool = False
) -> float:
    """The chain's share of a reading's score, and the identity bonus for the
    empty chain: a correctly rounded sum, the same in every call (a dot
    product's rounding may depend on where its vectors lie in memory)."""
    vector = chain_features(chain, guesses, parts, pieces)
    chain_weights = weights()[feats.TEXT_SIZE :]
    score = math.fsum(float(chain_weights[i] * vector[i]) for i in np.flatnonzero(vector))
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
    (``features.duplicates``, ``features.quoted``)."""
    w = weights()
    duplicated = float(w[feats.DUPLICATES]) * feats.duplicates(text, origin)
    quoted = float(w[feats.QUOTED]) * feats.quoted(text, origin)
    return -(duplicated + quoted)


def origin_price_bound(text: str, origin: str) -> float:
    """A number never above :func:`origin_price` of ``text`` beside
    ``origin``, cheap to find: the words it duplicates are at least none and
    at most its non-ASCII characters (each such word holds one); the
    quotations it changes at least none and at most those ``origin`` holds."""
    w = weights()
    beyond_ascii = len(text.encode("utf-8", "surrogatepass")) - len(text)
    duplicated = max(float(w[feats.DUPLICATES]), 0.0) * beyond_ascii
    quoted = max(float(w[feats.QUOTED]), 0.0) * feats.quotations(origin)
    return -(duplicated + quoted)


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
