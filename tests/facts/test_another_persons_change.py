"""Another person's change, in every language where the shape exists, with sentences written
for these tests: someone in the user's life (named, or pointed to by a kin word: "mi madre",
"Moeke", "Oma") has a new workplace, home, sport or school, said with a change cue ("now",
"jetzt", "nu", "ahora", "ora", "agora", "maintenant", "现在", "started at"). The new value
ends that person's old value of the kind, whatever kind the old one was read as (it is often
kept as a remark about them). And what must not happen: the user's own change, another
person's change, "now also", a wish, or the same place said again end nothing of theirs; a
capitalised word that is no person ("nen Amerikaan") is not who "ze" is."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.records import Status

from .conftest import said_a_day_apart

_START = datetime(2025, 3, 3, 10, 0, tzinfo=UTC)


def _current(*turns: str) -> str:
    with said_a_day_apart(*turns, start=_START, user_id="u") as memory:
        return " | ".join(f.text for f in memory.facts.list(user_id="u"))


def _versions(*turns: str, name: str) -> list[Status]:
    """The status of every version of the facts that name ``name``."""
    with said_a_day_apart(*turns, start=_START, user_id="u") as memory:
        return [f.status for f in memory.facts.history(user_id="u")
                if name.casefold() in f.text.casefold()]


@pytest.mark.parametrize(("old", "new", "old_name", "new_name"), [
    # a workplace
    ("Mein Bruder Tom arbeitet bei der Post.", "Mein Bruder Tom arbeitet jetzt im LNS.",
     "Post", "LNS"),
    ("Mijn broer Pieter werkt bij Philips.", "Pieter werkt nu bij ASML.", "Philips", "ASML"),
    ("Mio fratello Marco lavora alla Fiat.", "Marco ora lavora alla Ferrero.", "Fiat",
     "Ferrero"),
    ("Meu irmão Paulo trabalha na Sonae.", "O Paulo agora trabalha na Galp.", "Sonae", "Galp"),
    ("我弟弟在华为上班。", "我弟弟现在在腾讯上班。", "华为", "腾讯"),
    # a home, a kin word for the person, a home for the old said without a verb of living
    ("Mijn moeder woont nog alleen in Oostkamp.", "Moeke zit nu in woonzorgcentrum De Linde.",
     "Oostkamp", "De Linde"),
    ("Meine Oma wohnt allein in Kassel.", "Oma ist jetzt im Pflegeheim Sonnenhof.", "Kassel",
     "Sonnenhof"),
    ("Mi madre vive sola en Mieres.", "Mamá ahora está en la residencia Los Robles.",
     "Mieres", "Los Robles"),
    ("My mum lives alone in Harrogate.", "Mum is now in the Beech Lodge care home.",
     "Harrogate", "Beech Lodge"),
    # a sport
    ("Mijn zoon Lowie speelt voetbal bij Berchem Sport.",
     "Lowie doet nu judo bij Judoclub Ippon.", "voetbal", "judo"),
    ("My son Leo plays football at Riverside FC.", "Leo does judo now at the Ippon club.",
     "football", "judo"),
    ("Mon fils Hugo joue au foot.", "Hugo fait du judo maintenant.", "foot", "judo"),
    ("Mi hija Lucía juega al baloncesto.", "Lucía ahora hace natación en el club Santa Olaya.",
     "baloncesto", "natación"),
    # a school, said through the class or as where the child goes now
    ("Lorenzo fa la quarta alla Cimarosa.", "Lorenzo ora va al Pontano.", "Cimarosa",
     "Pontano"),
    ("Meine Tochter Lena geht auf die Goetheschule.",
     "Lena geht jetzt auf das Schillergymnasium.", "Goethe", "Schiller"),
])
def test_a_persons_new_value_ends_their_old_one(old: str, new: str, old_name: str,
                                               new_name: str) -> None:
    current = _current(old, new)
    assert new_name in current
    assert old_name not in current
    assert Status.SUPERSEDED in _versions(old, new, name=old_name)


@pytest.mark.parametrize(("old", "new", "kept"), [
    # the user's own change
    ("My son Leo plays football.", "I do judo now.", "football"),
    ("Mein Bruder Tom arbeitet bei der Post.", "Ich arbeite jetzt bei Bosch.", "Post"),
    ("我弟弟在华为上班。", "我现在在腾讯上班。", "华为"),
    # another person's change
    ("My son Leo plays football.", "My daughter Mia does judo now.", "football"),
    ("Mein Bruder Tom arbeitet bei der Post.",
     "Meine Schwester Anna arbeitet jetzt bei Siemens.", "Post"),
    ("Mi padre vive en Mieres.", "Mi suegra ahora vive en una residencia en Oviedo.",
     "Mieres"),
    # one more, a wish, the same place again
    ("My son Leo plays football.", "Leo now also does judo.", "football"),
    ("Mijn zoon Lowie speelt voetbal bij Berchem Sport.", "Lowie wil nu ook judo proberen.",
     "voetbal"),
    ("Mein Bruder Tom arbeitet bei der Post.", "Tom arbeitet jetzt bei der Post in Köln.",
     "Post"),
])
def test_what_is_no_change_of_theirs_ends_nothing(old: str, new: str, kept: str) -> None:
    assert kept in _current(old, new)


def test_a_capitalised_word_after_an_article_is_not_who_she_is() -> None:
    current = _current(
        "Vandaag nen Amerikaan op de boot. Maar 't wordt zwaar met moeke. Ze woont nog alleen "
        "in Oostkamp.",
        "Moeke zit nu drie weken in woonzorgcentrum De Linde.")
    assert "Amerikaan (" not in current  # no fact of his
    assert "Oostkamp" not in current and "De Linde" in current
