"""Importance and surprise of stored turns (M8), kept in ``turn.data["sleep"]``.

For each turn, in conversation order, against the turns that came before it in the same
conversation (the whole user history when the turn has no conversation id):

* **mentioned** — the turn names the assistant (``settings.sleep.job.assistant_names`` or the
  name of an assistant turn seen in the conversation) or is an assistant turn's direct
  predecessor addressed by the user (a user turn is "addressed" when the previous turn was
  the assistant's);
* **recency** — ``exp(-(created_at - occurred_at) / 300 s)``: 1 for a live turn, ~0 for
  imported history (recency *at arrival*; replay adds its own recency bonus later);
* **conversation heat** — messages per minute over the 10 minutes up to the turn;
* **expertise match** — 0 (no topic model yet; the weight stays in the softmax);
* **semantic novelty** — embedding distance to the last 5 turns (vectors already on the
  records: scoring never calls the embedder);
* **emotional salience** — the multilingual lexicon of :mod:`.importance`.

``importance`` uses the activity-adaptive softmax with the heat as activity level;
``surprise`` the TD-error detector over the conversation's history (0.8 while fewer than 5
turns are known); ``final`` is ``importance * (1 + surprise)`` and ``threshold`` the sigmoid
consolidation threshold at that rate.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from lucidmem.consolidation.importance import (
    ImportanceFeatures,
    conversation_heat,
    emotional_salience,
    importance,
    mention_score,
    recency_score,
    semantic_novelty,
)
from lucidmem.consolidation.surprise import (
    MAX_HISTORY,
    Message,
    SurpriseHistory,
    final_importance,
    surprise,
)
from lucidmem.consolidation.threshold import consolidation_threshold, messages_per_minute
from lucidmem.store.base import Record

__all__ = ["SCORE_KEY", "has_score", "score_turns", "turn_importance"]

SCORE_KEY = "sleep"
HEAT_WINDOW_S = 600.0


def has_score(record: Record) -> bool:
    """Whether a turn already carries its importance and surprise."""
    body = record.data.get(SCORE_KEY)
    return isinstance(body, dict) and "importance" in body


def turn_importance(record: Record) -> float:
    """The stored final importance of a turn (0 if not scored yet)."""
    body = record.data.get(SCORE_KEY)
    if isinstance(body, dict):
        try:
            value: Any = body.get("final", body.get("importance", 0.0))
            return float(value)
        except (TypeError, ValueError):
            return 0.0
    return 0.0


def _author(record: Record) -> str:
    return str(record.data.get("name") or record.data.get("role") or "user")


def _usable(vec: Any) -> bool:
    return vec is not None and np.asarray(vec).size > 0 and bool(np.any(vec))


def score_turns(
    turns: Sequence[Record], history: Sequence[Record], assistant_names: Iterable[str]
) -> list[dict[str, Any]]:
    """Scores of ``turns`` (oldest first), each against ``history`` + the turns before it.

    ``history`` holds the conversation's earlier turns, oldest first (the last 50 suffice).
    Returns one ``data["sleep"]`` body per turn; the records are not changed.
    """
    names = {n for n in assistant_names if n.strip()}
    known: list[Record] = list(history)[-MAX_HISTORY:]
    for r in known:
        if r.data.get("role") == "assistant" and r.data.get("name"):
            names.add(str(r.data["name"]))
    shist = SurpriseHistory(tuple(_message(r) for r in known))
    out: list[dict[str, Any]] = []
    for turn in turns:
        role = turn.data.get("role")
        if role == "assistant" and turn.data.get("name"):
            names.add(str(turn.data["name"]))
        previous = known[-1] if known else None
        addressed = (role == "user" and previous is not None
                     and previous.data.get("role") == "assistant")
        stamps = [r.occurred_at for r in known] + [turn.occurred_at]
        rate = messages_per_minute(stamps, now=turn.occurred_at, window_s=HEAT_WINDOW_S)
        heat = conversation_heat(rate)
        recent_vecs = [r.embedding for r in known[-5:] if _usable(r.embedding)]
        novelty = 1.0
        if _usable(turn.embedding) and recent_vecs:
            novelty = semantic_novelty(turn.embedding, recent_vecs)  # type: ignore[arg-type]
        features = ImportanceFeatures(
            mentioned=mention_score(turn.text, sorted(names), addressed=addressed),
            recency=recency_score(turn.created_at - turn.occurred_at),
            conversation_heat=heat,
            expertise_match=0.0,
            semantic_novelty=novelty,
            emotional_salience=emotional_salience(turn.text),
        )
        imp = importance(features, activity_level=heat)
        message = _message(turn)
        s = surprise(message, shist)
        shist = shist.append(message)
        known.append(turn)
        known = known[-MAX_HISTORY:]
        out.append({
            "importance": round(imp, 6),
            "surprise": round(s, 6),
            "final": round(final_importance(imp, s), 6),
            "threshold": round(consolidation_threshold(rate), 6),
            "rate": round(rate, 4),
            "features": {k: round(v, 4) for k, v in zip(
                ("mentioned", "recency", "heat", "expertise", "novelty", "emotion"),
                features.as_tuple(), strict=True)},
        })
    return out


def _message(record: Record) -> Message:
    vec = record.embedding if _usable(record.embedding) else None
    return Message(text=record.text, timestamp=record.occurred_at, author=_author(record),
                   embedding=vec)
