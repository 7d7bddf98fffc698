"""French "il" that stands for no one ("il y a trois jours", "il faut", "il pleut") does not
make a clause about the last person named, nor about someone unknown: "il y a trois jours on a
emménagé à Rennes" had stored nothing, because "il" pointed to no one. "il y a deux ans elle a
déménagé" is still about her, and "il fait du judo" about him. Sentences written for these
tests."""

from __future__ import annotations

from datetime import UTC, datetime

from lucidmem.facts.people import pronoun_subject

from .conftest import said_a_day_apart

_DAY = datetime(2025, 10, 8, 10, 0, tzinfo=UTC)


def _current(*turns: str) -> list[str]:
    with said_a_day_apart(*turns, start=_DAY, user_id="fr", lang="fr") as memory:
        return [f.text for f in memory.facts.list(user_id="fr")]


def test_a_move_said_after_il_y_a_is_the_users() -> None:
    assert any("Rennes" in t and t.startswith("The user lives")
               for t in _current("il y a trois jours on a emménagé à Rennes")), \
        _current("il y a trois jours on a emménagé à Rennes")


def test_impersonal_il_is_no_pronoun_subject() -> None:
    for said in ("il y a trois jours on a emménagé", "il faut que je trouve un cadeau",
                 "il pleut depuis ce matin", "il fait beau à Brest"):
        assert not pronoun_subject(said, "fr"), said


def test_a_pronoun_after_il_y_a_or_a_real_il_still_counts() -> None:
    assert pronoun_subject("il y a deux ans elle a déménagé à Lyon", "fr")
    assert pronoun_subject("il fait du judo le mardi", "fr")
    assert pronoun_subject("il reste à Nantes pour le boulot", "fr")  # "he stays"
    texts = _current("mon frère Paul habite à Nantes", "il fait du judo le mardi")
    assert any(t.startswith("The user's brother Paul") and "judo" in t for t in texts), texts
