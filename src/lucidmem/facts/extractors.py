"""Fact extractors behind one interface.

An :class:`Extractor` turns a batch of conversation turns into
:class:`~lucidmem.facts.model.FactCandidate` s per turn, plus the failures it could not get
past. Two implementations:

* :class:`OfflineExtractor` — the clause reader of :mod:`lucidmem.facts.clause_extractor`
  (eight languages, a slot classifier over e5 embeddings, with the rule tables of
  :mod:`lucidmem.facts.offline_extractor` for the clauses they cover); the zero-config
  default;
* :class:`~lucidmem.facts.llm_extractor.LLMExtractor` — any OpenAI-compatible chat endpoint,
  used only when ``settings.facts.base_url`` is set.

Failures are values, not exceptions: the caller stores each one as a visible
``extraction_failure`` record (with the raw LLM response) so nothing is silently dropped, and
``retryable`` ones are retried later by ``memory.facts.retry_failures``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Protocol, runtime_checkable

import numpy as np

from lucidmem.embedding.base import Embedder
from lucidmem.errors import InvalidInputError, LucidmemError
from lucidmem.facts.chinese_script import Folding, folded
from lucidmem.facts.clause_extractor import (
    Begun,
    ConversationState,
    asks_about_others,
    begin_turn,
    end_turn,
)
from lucidmem.facts.model import FactCandidate
from lucidmem.facts.offline_extractor import LANGUAGES as RULE_LANGUAGES
from lucidmem.facts.offline_extractor import NON_USER_SPEAKERS
from lucidmem.facts.offline_extractor import extract as offline_extract
from lucidmem.facts.remark_gate import DEFAULT_REMARK_LIMIT, RemarkGate, RemarkJudge
from lucidmem.facts.slots import SlotClassifier

__all__ = [
    "ExtractionFailure",
    "ExtractionResult",
    "Extractor",
    "KnownFact",
    "OfflineExtractor",
    "TurnInput",
]


@dataclass(frozen=True, slots=True)
class TurnInput:
    """One turn to read: its record id (provenance), text, speaker and own timestamp.

    ``speaker`` is ``"user"`` for the memory's owner, a name for someone else speaking in
    the user's conversation, or ``"assistant"``.
    """

    id: str
    text: str
    speaker: str
    timestamp: datetime
    language_hint: str | None = None
    user: str | None = None


@dataclass(frozen=True, slots=True)
class KnownFact:
    """A fact the memory holds, shown to an extractor that can supersede, correct or retract
    it by ``id``."""

    id: str
    subject: str
    slot: str | None
    text: str


@dataclass(frozen=True, slots=True)
class ExtractionFailure:
    """Turns whose extraction failed, why, and the raw response when there was one."""

    turn_ids: tuple[str, ...]
    error: str
    raw_response: str | None = None
    attempts: int = 1
    retryable: bool = True


@dataclass(slots=True)
class ExtractionResult:
    """Candidates per turn id, the failures, how many remote calls were made, and flags
    per turn id: what was read but kept out ("skipped:question",
    "skipped:unsupported_language:fi", "llm:unknown_person" …)."""

    facts: dict[str, list[FactCandidate]] = field(default_factory=dict)
    failures: list[ExtractionFailure] = field(default_factory=list)
    calls: int = 0
    flags: dict[str, list[str]] = field(default_factory=dict)


@runtime_checkable
class Extractor(Protocol):
    """What :class:`lucidmem.Memory` needs from a fact extractor."""

    name: str

    def extract(self, turns: Sequence[TurnInput]) -> ExtractionResult:
        """Facts stated in ``turns``; never raises for bad model output (see failures).
        An extractor may also accept ``known=`` (the user's current facts, as
        :class:`KnownFact`): staging passes them when its ``extract`` takes that keyword."""
        ...


class OfflineExtractor:
    """The offline extractor: clauses, cues and the slot classifier
    (:mod:`lucidmem.facts.clause_extractor`), with the older rule tables for the clauses
    they cover; eight languages, no network.

    ``embedder`` is the memory's embedder: the slot classifier reuses it when it is the
    bundled e5 model it was trained with, and loads that model itself otherwise.
    ``remark_limit`` is the remark gate's limit (:mod:`lucidmem.facts.remark_gate`; 0 keeps
    every remark); ``judge`` replaces the shipped gate (``bench/fit_remark_gate.py`` passes a
    recorder that keeps everything).
    """

    name = "offline"

    MAX_CONVERSATIONS = 256
    """Users whose reading state (people named, language) is kept in this process."""

    def __init__(self, *, include_assistant: bool = False,
                 embedder: Embedder | None = None, classify: bool = True,
                 remark_limit: float = DEFAULT_REMARK_LIMIT,
                 judge: RemarkJudge | None = None) -> None:
        if not 0.0 <= remark_limit <= 1.0:
            raise InvalidInputError(f"remark_limit must lie in [0, 1], got {remark_limit}; "
                                    "0 keeps every remark", field="remark_limit")
        self.include_assistant = include_assistant
        self._embedder = embedder
        self._classify = classify
        self._classifier: SlotClassifier | None = None
        self._remark_limit = remark_limit
        self._judge = judge
        self._states: OrderedDict[str, ConversationState] = OrderedDict()

    @property
    def classifier(self) -> SlotClassifier | None:
        """The slot classifier (loaded on first use), or ``None`` when turned off."""
        if self._classifier is None and self._classify:
            self._classifier = SlotClassifier(self._embedder)
        return self._classifier

    @property
    def judge(self) -> RemarkJudge | None:
        """What decides which remarks are stored: the shipped gate (loaded on first use),
        the one passed in, or ``None`` when the limit is 0."""
        if self._judge is None and self._remark_limit > 0.0:
            self._judge = RemarkGate.load(self._remark_limit)
        return self._judge

    def _state(self, user: str | None) -> ConversationState:
        key = user or ""
        state = self._states.pop(key, None) or ConversationState()
        self._states[key] = state
        while len(self._states) > self.MAX_CONVERSATIONS:
            self._states.popitem(last=False)
        return state

    def extract(self, turns: Sequence[TurnInput], *,
                known: Sequence[KnownFact] = ()) -> ExtractionResult:
        """Read each turn; an error on one turn is a (non-retryable) failure. ``known``
        facts name the people the user mentioned before (so "she" and "Callum" resolve in a
        fresh process too)."""
        result = ExtractionResult()
        for fact in known:
            if fact.slot == "people" and turns and fact.subject:
                state = self._state(turns[0].user)
                name = fact.text.rsplit(" is ", 1)[-1].strip() if " is " in fact.text else ""
                if name and name not in state.people and name[:1].isupper():
                    state.people[name] = fact.text.split("'s ", 1)[-1].split(" ", 1)[0]
        begun: list[tuple[TurnInput, str, Begun, Folding]] = []
        for turn in turns:
            speaker = turn.speaker
            if speaker.casefold() in NON_USER_SPEAKERS:
                if not self.include_assistant:
                    state = self._state(turn.user)
                    state.asked_about_others = asks_about_others(turn.text, state.language)
                    state.asked_at = turn.timestamp
                    result.facts[turn.id] = []
                    continue
                speaker = "user"
            script = folded(turn.text)  # traditional Chinese read as simplified
            try:
                begun.append((turn, speaker, self._begin(turn, speaker, script.text), script))
            except LucidmemError as exc:
                result.failures.append(ExtractionFailure((turn.id,), str(exc), None, 1, False))
        spans = [s for _, _, b, _ in begun for s in b.spans]
        classifier = self.classifier if spans else None
        vectors = list(classifier.embed(spans)) if classifier is not None else [None] * len(spans)
        guesses = list(classifier.guess(np.asarray(vectors), spans)) if classifier is not None \
            else [None] * len(spans)
        at = 0
        for turn, speaker, part, script in begun:
            n = len(part.spans)
            try:
                reading = end_turn(part, guesses[at:at + n], vectors[at:at + n],
                                   self.judge if classifier is not None else None)
            except LucidmemError as exc:
                result.failures.append(ExtractionFailure((turn.id,), str(exc), None, 1, False))
                continue
            finally:
                at += n
            owner = speaker.strip()
            facts = [_as_written(c, script) for c in reading.facts]
            if owner.casefold() not in ("", "user", "human", "me"):
                facts = [_about_speaker(c, owner) for c in facts]
            result.facts[turn.id], result.flags[turn.id] = facts, reading.flags
        return result

    def _begin(self, turn: TurnInput, speaker: str, text: str) -> Begun:
        def rules(text: str, lang: str, at: datetime) -> list[FactCandidate]:
            if lang not in RULE_LANGUAGES:
                return []
            return offline_extract(text, speaker=speaker, timestamp=at, language_hint=lang)

        return begin_turn(text, speaker_is_user=True, timestamp=turn.timestamp,
                          state=self._state(turn.user), language_hint=turn.language_hint,
                          rules=rules)


def _as_written(cand: FactCandidate, script: Folding) -> FactCandidate:
    """A candidate read from a turn's simplified form (:mod:`lucidmem.facts.chinese_script`)
    in the characters the user wrote: its texts and values."""
    if not script.back:
        return cand

    def back(said: str | None) -> str | None:
        return None if said is None else script.restore(said)

    return replace(cand, subject=script.restore(cand.subject),
                   object=script.restore(cand.object),
                   source_text=script.restore(cand.source_text), text=back(cand.text),
                   evidence=back(cand.evidence), temporal_text=back(cand.temporal_text),
                   corrects=back(cand.corrects), retracts=back(cand.retracts),
                   switched_from=back(cand.switched_from), replaces=back(cand.replaces))


def _about_speaker(cand: FactCandidate, owner: str) -> FactCandidate:
    """A candidate read from someone else's first-person turn: about them, not the user."""
    subject = owner if cand.subject == "user" else cand.subject
    text = cand.text.replace("The user", owner) if cand.text else None
    return replace(cand, subject=subject, text=text)
