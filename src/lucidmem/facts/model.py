"""The fact model: taxonomy, privacy levels and the extracted :class:`FactCandidate`.

Seed: ``emberhearth-memory-research.md`` §1 "Fact Taxonomy" (seven categories with their
subcategories), §1 "Extraction Architecture" (subject / predicate / object with confidence),
§2 "Emotional Salience" (intensity 0–1, schema default 0.3), §3 "Schema" (``privacy_level``
public / private / secret) and §5 "Privacy Classification".

A candidate is what an extractor proposes; it carries no ids and no store bookkeeping
(provenance, reinforcement count, version, ``superseded_by`` live in the store).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

from lucidmem.errors import InvalidInputError

__all__ = [
    "BARE_RIGHT_VALUE",
    "CARRIED_WRONG_VALUE",
    "CORRECTED_WEEKDAY",
    "DEFAULT_EMOTIONAL_INTENSITY",
    "GONE_OF_ITS_KIND",
    "LAST_DATED",
    "NEW_OF_ITS_KIND",
    "ONE_PAST_DAY",
    "RECALLED_PAST",
    "RESTATED",
    "SAID_OF_THE_CORRECTED",
    "SENT_OFF",
    "SET_AGAINST",
    "SUBCATEGORIES",
    "UNNAMED_PARTNER",
    "USER_SUBJECT",
    "FactCandidate",
    "FactCategory",
    "PrivacyLevel",
    "Subcategory",
    "category_of",
]

USER_SUBJECT = "user"
"""The subject that first-person statements of the user are normalised to ("I" → "user")."""

LAST_DATED = "@last-dated"
"""``corrects`` of a correction that names only the new day ("Sorry, I meant the 14th"): it
moves the dated fact said last, whatever its old day was."""

RESTATED = "@restated"
"""``corrects`` of a correction that restates the thing with its right value and does not
name the wrong one ("errei, a festa vai ser em Braga", "Blödsinn, der Termin ist am
Mittwoch"): it takes back the fact said last about the same thing."""

CORRECTED_WEEKDAY = "corrected_weekday:"
"""Flag prefix of a day correction that named a weekday ("de repetitie is op donderdag, niet
op woensdag"), followed by that word: ``corrects`` holds the day it meant, which dated facts
state; a habit states the weekday itself ("we rehearse on Wednesdays")."""

SET_AGAINST = "set_against:"
"""Flag prefix of a statement that sets its value against another and names no correction
("I live in York, not Leeds", "mi perro se llama Rocky, no Toby"), followed by that other
value: when the speaker held that value before, of the same subject and kind, the statement
corrects it (it never held); otherwise it is only a contrast and ends nothing."""

NEW_OF_ITS_KIND = "new_of_its_kind:"
"""Flag prefix of a fact that says the user has a new thing of a kind held one at a time
("the new phone arrived", "Das Fairphone ist da", "ik teken nu in Procreate"), followed by
the kind (:mod:`lucidmem.facts.one_at_a_time`): the facts that name another thing of that kind
end."""

GONE_OF_ITS_KIND = "gone_of_its_kind:"
"""Flag prefix of a fact that says the user's thing of a kind held one at a time is gone for
good ("someone nicked my bike", "mir wurde das Handy geklaut", "我的自行车被偷了"), followed by
the kind (:func:`lucidmem.facts.one_at_a_time.gone_kinds`): the facts that name the user's
thing of that kind end, as they would with a new one."""

RECALLED_PAST = "recalled_past"
"""Flag of a fact the user says of an old value as past or set against now ("I used to walk
to Harbour Foods", "sinto falta do balcão do Batel", "e eu que achava Achada Santo António
barulhenta"): when it names the user's workplace or home held before, that one is over and the
fact itself is history (:func:`lucidmem.facts.lifecycle.recalled_targets`)."""

SAID_OF_THE_CORRECTED = "said_of_the_corrected"
"""Flag of a correction's right statement said with no subject and a verb of someone else
("ti avevo detto ke fa l infermiera ma nn è vero: è fisioterapista"): it is said of whoever
the held fact it puts right is about, and takes that fact's subject (validation)."""

SENT_OFF = "sent_off"
"""Flag of the fact that the user was sent off from their old workplace ("they gave me a
leaving cake", "mijn oude collega's gaven me bij het afscheid een taart";
:func:`lucidmem.facts.farewells.sent_off_from_work`): it ends the employer and job held before
that sitting, and is itself no fact to keep."""

MOVED_BY = "moved_by:"
"""Flag prefix of a rescheduling that names no day but an amount ("the dentist got pushed
back a week", "推迟了一周"), followed by the count and unit ("1 week", "-2 day"): the planned
event it moves (:func:`lucidmem.facts.corrections.rescheduled_target`) takes the day that far
from its own, and this fact says it (:func:`lucidmem.facts.corrections.moved_plan`)."""

BARE_RIGHT_VALUE = "bare_right_value"
"""Flag of a correction that names only the right value, a bare name ("wait sorry not
Yishun, Sembawang"): it puts right the held fact that says the wrong value, whoever that
fact is about, and is dropped when there is none; it never stands as a fact of its own."""

CARRIED_WRONG_VALUE = "carried_wrong_value"
"""Flag of a correction whose wrong value was set aside in the clause or sentence before it
("Kleine correctie: Griet werkt niet in het Jessa, ze zit in het ZOL", "I told you my sister
works at Tesco, that was wrong. It's Asda."): it says only the right value of the held fact,
which is put right by name, also a fact about a person."""

ONE_PAST_DAY = "one_past_day"
"""Flag of a habit's kind of act said of one past day with no word that makes it a one-off
("today I took the bus"): an exception when a habit of its kind is held, else a statement
that stands from that day on."""

UNNAMED_PARTNER = "their partner"
"""``object`` of a breakup whose partner the reader could not name ("we broke up", in a
conversation that never named them): validation puts the one partner held in its place."""

DEFAULT_EMOTIONAL_INTENSITY = 0.3
"""Schema default of ``emotional_intensity`` (emberhearth §3 "Schema")."""


class FactCategory(StrEnum):
    """The seven top-level categories of the seed's taxonomy (emberhearth §1)."""

    PREFERENCE = "preference"
    RELATIONSHIP = "relationship"
    BIOGRAPHICAL = "biographical"
    EVENT = "event"
    OPINION = "opinion"
    CONTEXTUAL = "contextual"
    SECRET = "secret"


class Subcategory(StrEnum):
    """Subcategories, qualified by their category ("professional" exists twice in the seed).

    ``PREFERENCE_DIET`` is the one addition: the seed files ``dietary_restriction`` under
    *preference* in its extraction example but names no subcategory for it.
    """

    PREFERENCE_COMMUNICATION = "preference.communication"
    PREFERENCE_SCHEDULE = "preference.schedule"
    PREFERENCE_CONTENT = "preference.content"
    PREFERENCE_INTERACTION = "preference.interaction"
    PREFERENCE_ENVIRONMENT = "preference.environment"
    PREFERENCE_DIET = "preference.diet"
    RELATIONSHIP_FAMILY = "relationship.family"
    RELATIONSHIP_FRIENDS = "relationship.friends"
    RELATIONSHIP_PROFESSIONAL = "relationship.professional"
    RELATIONSHIP_PETS = "relationship.pets"
    BIOGRAPHICAL_PERSONAL = "biographical.personal"
    BIOGRAPHICAL_PROFESSIONAL = "biographical.professional"
    BIOGRAPHICAL_HEALTH = "biographical.health"
    BIOGRAPHICAL_LIFESTYLE = "biographical.lifestyle"
    EVENT_UPCOMING = "event.upcoming"
    EVENT_RECURRING = "event.recurring"
    EVENT_HISTORICAL = "event.historical"
    EVENT_MILESTONE = "event.milestone"
    OPINION_LIKES = "opinion.likes"
    OPINION_DISLIKES = "opinion.dislikes"
    OPINION_VALUES = "opinion.values"
    OPINION_VIEWS = "opinion.views"
    CONTEXTUAL_CURRENT_PROJECTS = "contextual.current_projects"
    CONTEXTUAL_CURRENT_CONCERNS = "contextual.current_concerns"
    CONTEXTUAL_GOALS = "contextual.goals"
    CONTEXTUAL_CONSTRAINTS = "contextual.constraints"
    SECRET_EXPLICITLY_MARKED = "secret.explicitly_marked"
    SECRET_SENSITIVE_BY_NATURE = "secret.sensitive_by_nature"
    SECRET_CONTEXTUALLY_SENSITIVE = "secret.contextually_sensitive"


def category_of(subcategory: Subcategory) -> FactCategory:
    """The category a subcategory belongs to (the part before the dot)."""
    return FactCategory(subcategory.value.split(".", 1)[0])


SUBCATEGORIES: dict[FactCategory, tuple[Subcategory, ...]] = {
    category: tuple(s for s in Subcategory if category_of(s) is category)
    for category in FactCategory
}
"""Each category's subcategories, in the seed's order."""


class PrivacyLevel(StrEnum):
    """Privacy level of a fact (emberhearth §3 schema, §5). Ordered: public < private < secret."""

    PUBLIC = "public"
    PRIVATE = "private"
    SECRET = "secret"

    @property
    def rank(self) -> int:
        """0 for public, 1 for private, 2 for secret; use to take the stricter of two levels."""
        return _PRIVACY_RANK[self]


_PRIVACY_RANK = {PrivacyLevel.PUBLIC: 0, PrivacyLevel.PRIVATE: 1, PrivacyLevel.SECRET: 2}


@dataclass(frozen=True, slots=True)
class FactCandidate:
    """One fact proposed by an extractor, not yet stored or validated.

    ``valid_from`` / ``valid_to`` are the resolved validity (half-open ``[from, to)``) taken
    from ``temporal_text``: for events the event's own time, for states the moment the state
    began (``valid_to`` is then ``None``). Both ``None`` with no temporal text means "from the
    message's own timestamp on", which the store fills in. ``temporal_unresolved`` is set when
    ``temporal_text`` could not be turned into dates; the text is kept.

    ``negated`` states the opposite ("I don't eat meat" → eats/meat, negated). ``is_change``
    marks an explicit change ("no longer", "anymore", "I moved to"), ``is_correction`` a
    correction of something said earlier ("I meant"), ``one_off`` a one-time deviation ("just
    today"), and ``context`` a qualifier ("at work") — inputs of
    :mod:`lucidmem.facts.contradictions`.

    From the clause reader (all optional): ``text`` is the fact's sentence as the extractor
    wrote it (standing alone, dates written out); ``slot`` the kind of thing it states
    (:data:`lucidmem.facts.slots.SLOTS`); ``evidence`` the user's own clause; ``corrects`` the
    old value a correction names ("not Friday" → "Friday"); ``retracts`` the topic of a
    retraction ("forget what I said about X" — such a candidate is an instruction, never
    stored as a fact); ``exclusive`` marks "only X now" (the slot's other values end) and
    ``cessation`` "I stopped X" (facts about X end); ``switched_from`` the old value a change
    names ("I switched from piano to cello" → "piano": facts about it end); ``rescheduled``
    an event moved to another day ("the team dinner was moved to Monday": the dinner said
    before ends there); ``called_off`` a planned event that will not take place ("the
    tournament got rained out": the tournament's day said before ends); ``flags`` are notes
    such as
    ``unresolved_date``. An LLM names the held fact a statement ends: ``replaces`` is its id
    and ``ends_as`` how ("supersede", "correct" or "retract"). ``vector`` is the embedding of
    the clause the fact was read from, when the extractor computed one: it becomes the fact's
    own embedding while its text stays the one written from that clause. ``remark`` marks a
    fact that is the clause's own words filed under a slot, no value read out of it (what
    :mod:`lucidmem.facts.remark_gate` judges).
    """

    category: FactCategory
    subcategory: Subcategory
    subject: str
    predicate: str
    object: str
    confidence: float
    emotional_intensity: float = DEFAULT_EMOTIONAL_INTENSITY
    privacy: PrivacyLevel = PrivacyLevel.PRIVATE
    temporal_text: str | None = None
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    temporal_unresolved: bool = False
    language: str = "en"
    source_text: str = ""
    negated: bool = False
    is_change: bool = False
    is_correction: bool = False
    one_off: bool = False
    context: str | None = None
    text: str | None = None
    slot: str | None = None
    evidence: str | None = None
    corrects: str | None = None
    retracts: str | None = None
    exclusive: bool = False
    cessation: bool = False
    switched_from: str | None = None
    rescheduled: bool = False
    called_off: bool = False
    flags: tuple[str, ...] = ()
    replaces: str | None = None
    ends_as: str | None = None
    remark: bool = False
    vector: Any = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if category_of(self.subcategory) is not self.category:
            allowed = [s.value for s in SUBCATEGORIES[self.category]]
            raise InvalidInputError(
                f"subcategory {self.subcategory.value!r} does not belong to category "
                f"{self.category.value!r}; use one of {allowed}",
                field="subcategory",
            )
        for name in ("subject", "predicate", "object"):
            if not getattr(self, name).strip():
                raise InvalidInputError(f"a fact needs a non-empty {name}", field=name)
        for name in ("confidence", "emotional_intensity"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                raise InvalidInputError(f"{name} must lie in [0, 1], got {value}", field=name)
        for name in ("valid_from", "valid_to"):
            moment = getattr(self, name)
            if moment is not None and moment.utcoffset() is None:
                raise InvalidInputError(
                    f"{name} must be timezone-aware (pass tzinfo, e.g. datetime.UTC)", field=name
                )
        if (
            self.valid_from is not None
            and self.valid_to is not None
            and self.valid_to < self.valid_from
        ):
            raise InvalidInputError("valid_to lies before valid_from", field="valid_to")

    @property
    def key(self) -> tuple[str, str, str]:
        """Case-insensitive identity of the statement: (subject, predicate, object)."""
        return (self.subject.casefold(), self.predicate, self.object.casefold())
