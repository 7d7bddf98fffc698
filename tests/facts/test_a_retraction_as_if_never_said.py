"""Retractions said the way people say them, and the people they leave behind.

"Fai come se non te l'avessi mai detto", "tu so, als hätte ich nichts gesagt", "doe maar
alsof ik niks gezegd heb", "你当我冇讲过啦，唔好记住": a retraction said as "act as if I never
said it" takes back what its topic names, before or after the cue; the person the statement
was about stays known ("my sister-in-law and the house" takes the house, not that Sonia is
the sister-in-law); "that was gossip", "sono fatti suoi" said after it is no fact; someone
else's divorce is never the user's breakup; a colloquial possessive ("Mei Bruder", "m'n
dochter", "我个细佬") names the relation; "Fatima uit de salon" is a colleague. Sentences
written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.records import Status

from .conftest import said_a_day_apart

_MAY = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)

AS_IF_NEVER_SAID = {
    # the statement about someone, the retraction, a word only the statement says, the
    # person's name (their relation stays)
    "en": ("My brother Tom is moving to Canada with his wife.",
           "Pretend I never told you about Tom and Canada, it was just gossip.",
           "Canada", "Tom"),
    "de": ("Mein Bruder Jonas zieht im Herbst nach Hamburg.",
           "Das mit Jonas und Hamburg, tu so, als hätte ich nichts gesagt.",
           "Hamburg", "Jonas"),
    "fr": ("ma sœur Julie a acheté une maison à Nantes",
           "fais comme si je t'avais rien dit sur ma sœur et la maison, c'est pas mes affaires",
           "Nantes", "Julie"),
    "es": ("mi hermano Pablo se va a vivir a Sevilla con su novia",
           "lo de mi hermano y Sevilla, haz como si no te hubiera dicho nada",
           "Sevilla", "Pablo"),
    "it": ("mia cugina Chiara ha comprato un appartamento a Monza",
           "quello che ti ho detto di mia cugina e della casa, fai finta che non te l'abbia "
           "mai detto",
           "Monza", "Chiara"),
    "pt": ("a minha irmã Sofia vai casar em Braga no verão",
           "finge que eu não disse nada sobre a Sofia e Braga, era fofoca",
           "Braga", "Sofia"),
    "nl": ("mijn zus Anouk verhuist naar Utrecht",
           "doe maar alsof ik niks gezegd heb over Anouk en Utrecht",
           "Utrecht", "Anouk"),
    "zh": ("我个细佬阿杰话想移民加拿大",
           "上次讲阿杰移民嗰件事，你当我冇讲过啦，唔好记住",
           "加拿大", "阿杰"),
}


@pytest.mark.parametrize("lang", sorted(AS_IF_NEVER_SAID))
def test_as_if_never_said_takes_back_the_topic_and_keeps_the_person(lang: str) -> None:
    said, retraction, gone, person = AS_IF_NEVER_SAID[lang]
    with said_a_day_apart(said, retraction, start=_MAY, user_id="ana") as memory:
        current = [f.text for f in memory.facts.list(user_id="ana")]
        history = memory.facts.history(user_id="ana")
    assert not [t for t in current if gone in t], current
    assert [f for f in history if gone in f.text and f.status == Status.RETRACTED], history
    assert any(person in t and " is " in t for t in current), current  # the relation stays
    assert not [t for t in current if "never" in t or "nichts gesagt" in t or "冇讲" in t
                or "rien dit" in t or "niks gezegd" in t or "não disse" in t
                or "dicho nada" in t or "detto" in t], current  # the retraction is no fact


SHOULD_NOT_HAVE_TOLD = {
    "en": ("my friend Omar has huge gambling debts. He plays the oud on Fridays",
           "I shouldn't have told you about Omar's debts, not my story to tell",
           "debts", "Omar"),
    "de": ("Mein Kollege Felix hat sich bei BMW beworben",
           "Das mit Felix und BMW hätte ich dir nicht erzählen sollen", "BMW", "Felix"),
    "fr": ("mon collègue Bruno va quitter Renault pour Stellantis",
           "je n'aurais pas dû te raconter ça sur Bruno et Stellantis", "Stellantis", "Bruno"),
    "zh": ("我同事小李要跳槽去腾讯", "小李跳槽那件事我不该跟你说，别记住", "腾讯", "小李"),
}


@pytest.mark.parametrize("lang", sorted(SHOULD_NOT_HAVE_TOLD))
def test_i_should_not_have_told_you_takes_it_back(lang: str) -> None:
    said, retraction, gone, person = SHOULD_NOT_HAVE_TOLD[lang]
    with said_a_day_apart(said, retraction, start=_MAY, user_id="ana") as memory:
        current = [f.text for f in memory.facts.list(user_id="ana")]
    assert not [t for t in current if gone in t], current
    assert any(person in t and " is " in t for t in current), current


def test_one_topic_leaves_other_sentences_about_the_same_person() -> None:
    turns = ("mijn zus Anouk verhuist naar Utrecht. Ze speelt hockey op zaterdag",
             "doe maar alsof ik niks gezegd heb over Anouk en Utrecht, dat was roddel")
    with said_a_day_apart(*turns, start=_MAY, user_id="ana") as memory:
        current = [f.text for f in memory.facts.list(user_id="ana")]
    assert not [t for t in current if "Utrecht" in t], current
    assert any("hockey" in t for t in current), current
    assert not [t for t in current if "roddel" in t], current


def test_one_story_about_a_person_goes_whole_and_the_colleague_stays() -> None:
    turns = ("Fatima uit de salon gaat stoppen, ze gaat met d'r man naar Dubai. "
             "Ik ga d'r zó missen",
             "Vergeet effe wat ik je over Fatima en Dubai vertelde. Dat was roddel van een "
             "klant, ze gaat nergens heen")
    with said_a_day_apart(*turns, start=_MAY, user_id="ana") as memory:
        current = [f.text for f in memory.facts.list(user_id="ana")]
    assert not [t for t in current if "Dubai" in t or "stoppen" in t], current
    assert any("colleague" in t and "Fatima" in t for t in current), current
    assert not [t for t in current if "roddel" in t], current


def test_the_reason_after_a_retraction_is_no_fact_and_other_facts_of_the_turn_stay() -> None:
    turns = ("Mei Bruder Markus lässt sich scheide, hot er mer geschtern am Telefon verzählt.",
             "Vergess bitte, was ich der iwwer de Markus un die Scheidung verzählt hab. Des "
             "geht mich nix an un er will net, dass des rumgeht. Ich arbeite jetzt bei Bosch")
    with said_a_day_apart(*turns, start=_MAY, user_id="ana") as memory:
        current = [f.text for f in memory.facts.list(user_id="ana")]
    assert any("Markus" in t and "brother" in t for t in current), current
    assert not [t for t in current if "scheide" in t.casefold() or "broke up" in t], current
    assert not [t for t in current if "nix an" in t], current
    assert any("Bosch" in t for t in current), current


@pytest.mark.parametrize("said", [
    "Ich vergess das immer: meine Schwester Anna hat am 3. Mai Geburtstag",
    "Vergiss den Stau, das Meeting lief super. Meine Schwester Anna hat am 3. Mai Geburtstag",
])
def test_forgetting_something_else_is_no_retraction(said: str) -> None:
    with said_a_day_apart(said, start=_MAY, user_id="ana") as memory:
        current = [f.text for f in memory.facts.list(user_id="ana")]
    assert any("Anna" in t and "sister" in t for t in current), current


COLLOQUIAL_POSSESSIVE = {
    "de": ("Mei Schwester Anna hot e neie Wohnung in Landau", "Anna", "sister"),
    "nl": ("M'n dochter Kimberley is 17 en wil alleen nog maar naar Ajax", "Kimberley",
           "daughter"),
    "nl-mien": ("Mien broer Gerrit melkt nog elke ochtend", "Gerrit", "brother"),
    "zh": ("我嘅老婆阿珍成日话我冇时间陪个仔", "阿珍", "wife"),
    "zh-yue": ("我个细佬阿杰下个月结婚", "阿杰", "brother"),
}


@pytest.mark.parametrize("case", sorted(COLLOQUIAL_POSSESSIVE))
def test_a_colloquial_possessive_names_the_relation(case: str) -> None:
    said, name, relation = COLLOQUIAL_POSSESSIVE[case]
    with said_a_day_apart(said, start=_MAY, user_id="ana") as memory:
        current = [f.text for f in memory.facts.list(user_id="ana")]
    assert any(t.startswith(f"The user's {relation}") and t.endswith(f"is {name}")
               for t in current), current


@pytest.mark.parametrize("said", [
    "my sister Lena got divorced last year, she's doing fine",
    "Mein Bruder Jonas ist seit Mai geschieden, der Arme",
    "mon frère Karim a divorcé l'an dernier",
    "mio fratello Paolo ha divorziato, poverino",
    "我哥哥阿强要离婚了，我好担心",
])
def test_someone_elses_divorce_is_not_the_users_breakup(said: str) -> None:
    with said_a_day_apart(said, start=_MAY, user_id="ana") as memory:
        current = [f.text for f in memory.facts.list(user_id="ana")]
    assert not [t for t in current if "broke up" in t], current


@pytest.mark.parametrize("said", [
    "Sarah and I broke up last month",
    "My son has been struggling since the divorce",
    "Seit der Scheidung wohnt mein Sohn Max bei mir",
])
def test_the_users_own_breakup_is_still_read(said: str) -> None:
    with said_a_day_apart(said, start=_MAY, user_id="ana") as memory:
        current = [f.text for f in memory.facts.list(user_id="ana")]
    assert any("broke up" in t for t in current), current


@pytest.mark.parametrize("said,name", [
    ("Tom from work is getting married in June", "Tom"),
    ("Ich war mit der Sabine aus dem Büro Mittag essen", "Sabine"),
    ("la Giulia del lavoro ha avuto un bambino", "Giulia"),
])
def test_someone_from_work_is_a_colleague(said: str, name: str) -> None:
    with said_a_day_apart(said, start=_MAY, user_id="ana") as memory:
        current = [f.text for f in memory.facts.list(user_id="ana")]
    assert any("colleague" in t and t.endswith(f"is {name}") for t in current), current


def test_a_text_from_work_names_no_colleague() -> None:
    with said_a_day_apart("I got a text from work this morning", start=_MAY,
                          user_id="ana") as memory:
        current = [f.text for f in memory.facts.list(user_id="ana")]
    assert not [t for t in current if "colleague" in t], current


def test_a_retraction_about_an_unnamed_relative_takes_only_what_was_said_of_them() -> None:
    turns = ("我在望京一家外企做财务，家里是王阿姨帮忙带孩子",
             "最近下午不喝咖啡了，改喝茉莉花茶",
             "还有个事儿，我爸上礼拜在天坛医院放了个支架",
             "另外上次说我爸住院那事儿你别记了，他不愿意让人知道，就当我没说")
    with said_a_day_apart(*turns, start=_MAY, user_id="ana") as memory:
        current = [f.text for f in memory.facts.list(user_id="ana")]
    assert not [t for t in current if "支架" in t], current
    assert any("财务" in t for t in current), current
    assert any("茉莉花茶" in t for t in current), current  # a second cue takes nothing more


def test_the_assistant_named_in_a_retracted_statement_stays() -> None:
    turns = ("另外我助手阿Ken话想出去单干，自己开工作室，我有啲头痕",
             "上次讲阿Ken要单干嗰件事，你当我冇讲过啦，佢自己都未决定，唔好记住")
    with said_a_day_apart(*turns, start=_MAY, user_id="ana") as memory:
        current = [f.text for f in memory.facts.list(user_id="ana")]
    assert not [t for t in current if "单干" in t], current
    assert any("assistant" in t and "阿Ken" in t for t in current), current


def test_a_new_doctor_named_with_where_she_is_replaces_the_old_one() -> None:
    turns = ("Mei Hausarzt, der Dr. Hänsel in Klotzsche, sagt, mei Blutdruck is zu hoch.",
             "Und stell dir vor, die Frau Dr. Wolff in Pieschen, meine neue Hausärztin, hat "
             "mir gleich 'n Langzeit-Blutdruckmessgerät umgeschnallt.")
    with said_a_day_apart(*turns, start=_MAY, user_id="ana") as memory:
        current = [f.text for f in memory.facts.list(user_id="ana")]
    assert any("doctor" in t and t.endswith("is Wolff") for t in current), current
    assert not [t for t in current if "Hänsel" in t], current
