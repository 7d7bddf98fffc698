"""Whether a remark is worth keeping: a learned gate over the clauses kept in their own words.

Most of what the offline extractor stores with no value read out of it ("The user (commute):
toujours mieux que la voiture", "The user (concern): nu kan ik zelfs geen nieuwe fiets
betalen") is the user's clause filed under a slot. Many such clauses are moods, one-off
errands and asides the slot classifier still gives a slot; a memory that keeps them is less
precise, and a wrong fact is worse than none. The gate is a logistic regression over what the
classifier already computed for the clause (its e5 passage embedding, the best slot's
probability, the no-fact probability, the runner-up's probability and the clause's length),
fitted by ``bench/fit_remark_gate.py`` on the remarks the extractor stored for the truth
set's dev half, each labelled by whether the conversation's expected facts or questions name
it. A remark whose probability of lasting is below the limit
(``settings.facts.remark_limit``; 0, the default, turns the gate off) is not stored.
Measured on conversations it was not fitted on, a limit of 0.4 drops more wrong remarks than
right ones but also some answers (docs/benchmarks.md, stop 60), so it is a choice for a
memory that would rather miss a remark than keep a wrong one. Structured facts (homes, workplaces,
relations, the rule tables' facts) and remarks that change, end, correct or move something
are never judged.

The weights ship as package data (``facts/data/remark_gate.npz``); nothing is trained at
start-up.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from typing import Any, Protocol

import numpy as np

from lucidmem.facts.model import FactCandidate
from lucidmem.facts.slots import SlotGuess
from lucidmem.settings import FactSettings

__all__ = ["DEFAULT_REMARK_LIMIT", "GATE_FILE", "LENGTH_CAP", "RemarkGate", "RemarkJudge",
           "clause_words", "lasting_probability", "remark_features"]

GATE_FILE = "remark_gate.npz"
"""The fitted gate in ``lucidmem/facts/data``."""

DEFAULT_REMARK_LIMIT: float = FactSettings.model_fields["remark_limit"].default
"""The limit of ``settings.facts.remark_limit`` when nothing sets it."""

LENGTH_CAP = 30
"""Words past which a clause's length adds nothing (the feature is ``min(words, 30) / 30``)."""


def clause_words(fact: FactCandidate) -> int:
    """The length of the clause a fact was read from, in words (Chinese: two characters a
    word)."""
    said = fact.evidence or ""
    return len(said) // 2 if fact.language == "zh" else len(said.split())


def remark_features(vector: Any, guess: SlotGuess, words: int) -> np.ndarray[Any, Any]:
    """The gate's input for one clause: its embedding, then the classifier's best-slot,
    no-fact and runner-up probabilities and its length (words, capped at :data:`LENGTH_CAP`,
    scaled to [0, 1])."""
    scalars = [guess.probability, guess.no_fact, guess.second_probability,
               min(words, LENGTH_CAP) / LENGTH_CAP]
    return np.concatenate([np.asarray(vector, dtype=np.float64).ravel(),
                           np.asarray(scalars, dtype=np.float64)])


def lasting_probability(features: np.ndarray[Any, Any], mean: np.ndarray[Any, Any],
                        scale: np.ndarray[Any, Any], weights: np.ndarray[Any, Any],
                        bias: float) -> float:
    """Logistic regression on standardised features: ``σ(((x − mean) / scale) · w + b)``."""
    z = float(((features - mean) / scale) @ weights + bias)
    return 1.0 / (1.0 + float(np.exp(-z))) if z > -700 else 0.0


class RemarkJudge(Protocol):
    """What the extractor asks of a remark before storing it (:class:`RemarkGate`, or a
    recorder that keeps everything while the gate is fitted)."""

    def keeps(self, fact: FactCandidate, vector: Any, guess: SlotGuess) -> bool:
        """Whether ``fact``, a remark read from a clause with embedding ``vector`` and slot
        ``guess``, is stored."""
        ...


@dataclass(frozen=True)
class RemarkGate:
    """The fitted gate (see the module docstring); ``limit`` is the probability of lasting
    below which a remark is not stored."""

    mean: np.ndarray[Any, Any]
    scale: np.ndarray[Any, Any]
    weights: np.ndarray[Any, Any]
    bias: float
    limit: float
    embedder: str

    @classmethod
    def load(cls, limit: float) -> RemarkGate:
        """The gate shipped with the package, dropping remarks below ``limit``."""
        if not 0.0 <= limit <= 1.0:
            raise ValueError(f"remark limit must lie in [0, 1], got {limit}")
        path = resources.files("lucidmem.facts") / "data" / GATE_FILE
        with path.open("rb") as handle, np.load(handle, allow_pickle=False) as npz:
            return cls(mean=np.asarray(npz["mean"], dtype=np.float64),
                       scale=np.asarray(npz["scale"], dtype=np.float64),
                       weights=np.asarray(npz["weights"], dtype=np.float64),
                       bias=float(npz["bias"]), limit=limit, embedder=str(npz["embedder"]))

    def lasting(self, fact: FactCandidate, vector: Any, guess: SlotGuess) -> float:
        """The probability that the remark states something a memory should keep."""
        features = remark_features(vector, guess, clause_words(fact))
        if features.shape != self.mean.shape:
            raise ValueError(f"the remark gate reads {self.mean.shape[0]} features, got "
                             f"{features.shape[0]}: refit it with bench/fit_remark_gate.py "
                             "after changing the embedder")
        return lasting_probability(features, self.mean, self.scale, self.weights, self.bias)

    def keeps(self, fact: FactCandidate, vector: Any, guess: SlotGuess) -> bool:
        """Whether the remark is kept (its probability of lasting reaches the limit)."""
        return self.limit <= 0.0 or self.lasting(fact, vector, guess) >= self.limit
