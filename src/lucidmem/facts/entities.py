"""Entity resolution: one entity per person, pet or place, whatever it was called.

Entities are records of kind :attr:`~lucidmem.records.Kind.ENTITY` (``searchable=False``, no
embedding) with ``data = {name, aliases, relation, entity_type, mention_count, first_seen,
last_seen}``. Names compare case-insensitively ("sarah" is "Sarah", first spelling kept).
The offline extractor writes an unnamed relative as a placeholder ("my sister" →
``"user's sister"``); once a fact names her (``user has_sister Sarah``) and the user has
exactly one sister, the placeholder becomes an alias of Sarah, earlier facts about "user's
sister" are re-pointed to Sarah, and later ones resolve to her directly.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field

from lucidmem.facts.model import USER_SUBJECT
from lucidmem.records import Kind, Record, Status, new_record

__all__ = ["NAME_WORDS", "EntityIndex", "fold", "holds_a_name", "placeholder", "relation_word"]

NAME_WORDS = 5
"""The most words a name read out of a clause has ("Sierra de los Padres", "Red River
College"): a value longer than that is the clause itself, not a place or workplace in it."""

NAME_SHARE = 0.6
"""The most of its clause a name read out of it takes, in characters, when its capital is not
what tells it from the clause (a Chinese clause is one "word": "这周是我在云帆的第一周" →
"云帆")."""


def holds_a_name(rec: Record, *, capitalised: bool = True) -> bool:
    """Whether a fact holds a name read out of its clause ("Red River College" out of "First
    week at Red River College, done!", "Lustenau" out of "Die ersten Wochen im Haus in
    Lustenau": a few words, the first capitalised; with ``capitalised`` false, a small part
    of the clause, as "clínica Vallecito" or "云帆"), not the clause itself (a remark the
    classifier read as about the employer or the home, "est en licence de bio à
    Montpellier", "Herr Hämmerle, der neue Vermieter, wohnt gleich unten")."""
    said, held = str(rec.data.get("evidence") or ""), str(rec.data.get("object") or "")
    return bool(held) and held.strip(" .!?") != said.strip(" .!?") and \
        len(held.split()) <= NAME_WORDS and (
            held[0].isupper() or held[0].isdigit() if capitalised
            else len(held) <= NAME_SHARE * len(said))


_PETS = frozenset({"dog", "cat", "pet", "horse", "rabbit", "hamster", "bird", "parrot", "fish"})


def fold(text: str) -> str:
    """Case- and space-insensitive key of a name."""
    return " ".join(text.casefold().split())


def relation_word(predicate: str) -> str | None:
    """``has_sister`` → ``sister``; ``None`` for predicates that are not relations."""
    return predicate[4:].replace("_", " ") if predicate.startswith("has_") and \
        predicate != "has_event" and predicate != "has_condition" else None


def placeholder(relation: str) -> str:
    """How the extractor names an unnamed relative: ``"user's sister"``."""
    return f"{USER_SUBJECT}'s {relation}"


def normalise_about(text: str) -> str:
    """A caller's way of naming something, as stored: "my sister" → "user's sister",
    "me" / "I" → "user"."""
    folded = fold(text)
    if folded in ("me", "i", "myself", "user", "the user"):
        return USER_SUBJECT
    for prefix in ("my ", "the user's ", "user's "):
        if folded.startswith(prefix):
            return placeholder(folded[len(prefix):])
    return text.strip()


@dataclass(slots=True)
class EntityIndex:
    """The entities of one user, loaded from their records, with pending changes."""

    user_id: str
    records: dict[str, Record] = field(default_factory=dict)
    by_key: dict[str, str] = field(default_factory=dict)
    changed: set[str] = field(default_factory=set)

    @classmethod
    def load(cls, user_id: str, records: Iterable[Record]) -> EntityIndex:
        """Index ``records`` (entity records of ``user_id``) by name and alias."""
        index = cls(user_id)
        for record in records:
            index._add(record)
        return index

    def _add(self, record: Record) -> None:
        self.records[record.id] = record
        for name in [record.data["name"], *record.data.get("aliases", [])]:
            self.by_key[fold(name)] = record.id

    def canonical(self, name: str) -> str:
        """The entity's name for ``name`` (an alias or another spelling), else ``name``."""
        entity_id = self.by_key.get(fold(name))
        return name if entity_id is None else str(self.records[entity_id].data["name"])

    def relation_of(self) -> dict[str, str]:
        """Entity name → its relation to the user ("Sarah" → "sister")."""
        return {str(r.data["name"]): str(r.data["relation"]) for r in self.records.values()
                if r.data.get("relation")}

    def with_relation(self, relation: str) -> list[Record]:
        """Named entities holding ``relation`` to the user."""
        return [r for r in self.records.values() if r.data.get("relation") == relation
                and not fold(str(r.data["name"])).startswith(f"{USER_SUBJECT}'s ")]

    def ensure(self, name: str, at: float, *, relation: str | None = None) -> Record:
        """The entity called ``name`` (created if new), seen at ``at``."""
        entity_id = self.by_key.get(fold(name))
        if entity_id is None:
            kind = "user" if fold(name) == USER_SUBJECT else (
                "pet" if relation in _PETS else "person" if relation else "thing")
            record = new_record(
                uuid.uuid4().hex, Kind.ENTITY, self.user_id, at,
                {"name": name, "aliases": [], "relation": relation, "entity_type": kind,
                 "mention_count": 0, "first_seen": at, "last_seen": at},
                text=name, layer=1,
            )
            self._add(record)
        else:
            record = self.records[entity_id]
        record.data["mention_count"] = int(record.data.get("mention_count", 0)) + 1
        record.data["last_seen"] = max(float(record.data.get("last_seen", at)), at)
        if relation and not record.data.get("relation"):
            record.data["relation"] = relation
        self.changed.add(record.id)
        return record

    def alias(self, record: Record, alias: str) -> None:
        """Make ``alias`` another name of ``record``'s entity."""
        key = fold(alias)
        if key == fold(str(record.data["name"])) or key in map(fold, record.data["aliases"]):
            return
        other = self.by_key.get(key)
        if other is not None and other != record.id:
            old = self.records[other]
            old.data["merged_into"] = record.id
            old.status = Status.MERGED
            self.changed.add(old.id)
        record.data["aliases"] = [*record.data["aliases"], alias]
        self.by_key[key] = record.id
        self.changed.add(record.id)

    def link_placeholder(self, relation: str, name: str) -> str | None:
        """When ``name`` is the user's only ``relation``, alias the placeholder to it and
        return the placeholder (so earlier facts can be re-pointed); else ``None``."""
        named = self.with_relation(relation)
        if len(named) != 1 or fold(str(named[0].data["name"])) != fold(name):
            return None
        ph = placeholder(relation)
        self.alias(named[0], ph)
        return ph

    def pending(self) -> list[Record]:
        """Entity records changed since loading (to write)."""
        out = [self.records[i] for i in sorted(self.changed)]
        self.changed.clear()
        return out
