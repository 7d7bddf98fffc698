"""Fact extractors behind one interface.

An :class:`Extractor` turns a batch of conversation turns into
:class:`~lucidmem.facts.model.FactCandidate` s per turn, plus the failures it could not get
past. Two implementations:

* :class:`OfflineExtractor` — the rule-based extractor of
  :mod:`lucidmem.facts.offline_extractor`; the zero-config default;
* :class:`~lucidmem.facts.llm_extractor.LLMExtractor` — any OpenAI-compatible chat endpoint,
  used only when ``settings.facts.base_url`` is set.

Failures are values, not exceptions: the caller stores each one as a visible
``extraction_failure`` record (with the raw LLM response) so nothing is silently dropped, and
``retryable`` ones are retried later by ``memory.facts.retry_failures``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol, runtime_checkable

from lucidmem.errors import LucidmemError
from lucidmem.facts.model import FactCandidate
from lucidmem.facts.offline_extractor import NON_USER_SPEAKERS
from lucidmem.facts.offline_extractor import extract as offline_extract

__all__ = [
    "ExtractionFailure",
    "ExtractionResult",
    "Extractor",
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
    """Candidates per turn id, the failures, and how many remote calls were made."""

    facts: dict[str, list[FactCandidate]] = field(default_factory=dict)
    failures: list[ExtractionFailure] = field(default_factory=list)
    calls: int = 0


@runtime_checkable
class Extractor(Protocol):
    """What :class:`lucidmem.Memory` needs from a fact extractor."""

    name: str

    def extract(self, turns: Sequence[TurnInput]) -> ExtractionResult:
        """Facts stated in ``turns``; never raises for bad model output (see failures)."""
        ...


class OfflineExtractor:
    """The rule-based extractor (English, German, French, Spanish); no network."""

    name = "offline"

    def __init__(self, *, include_assistant: bool = False) -> None:
        self.include_assistant = include_assistant

    def extract(self, turns: Sequence[TurnInput]) -> ExtractionResult:
        """Run the rules on each turn; an error on one turn is a (non-retryable) failure."""
        result = ExtractionResult()
        for turn in turns:
            speaker = turn.speaker
            if speaker.casefold() in NON_USER_SPEAKERS:
                if not self.include_assistant:
                    result.facts[turn.id] = []
                    continue
                speaker = "user"
            try:
                result.facts[turn.id] = offline_extract(
                    turn.text, speaker=speaker, timestamp=turn.timestamp,
                    language_hint=turn.language_hint,
                )
            except LucidmemError as exc:
                result.failures.append(ExtractionFailure((turn.id,), str(exc), None, 1, False))
        return result
