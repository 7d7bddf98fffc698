"""A new job or home said through what comes with it, and a name put right with "not".

The clothes or badge of a workplace ("die Schürze vom Café Lindner", "o crachá do Bradesco",
"麦当劳的工服") say where the user works now; a job word before a brand ("trampo no Madero") is
a job, not the brand held. The first days in a town with its landlord or neighbours
("Prima settimana a Lecce, il vicino …") are a move, not a trip and not a workplace; laughter
before a question ends the sentence. In a turn with an apology or a correction, "wedding is in
Pune not Nagpur" puts the name said before right, whoever it was said of, and no fact's
sentence keeps the name after "not". Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.facts.clauses import clauses_of

from .conftest import current_facts

_MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _current(*turns: str, lang: str, days: int = 20) -> list[str]:
    return current_facts(*turns, start=_MONDAY, lang=lang, days=days)


@pytest.mark.parametrize(("lang", "before", "after", "new", "old"), [
    ("de", "Ich bin Verkäuferin bei der Bäckerei Hofmann, kannst du mir einen Dienstplan machen?",
     "Die Schürze vom Café Lindner ist echt schick, und das Trinkgeld stimmt. Wie plane ich "
     "jetzt meine Woche?", "lindner", "hofmann"),
    ("pt", "Sou caixa no Carrefour do centro, me ajuda a montar uma escala de folgas?",
     "o crachá do Bradesco chegou hoje kkk primeira semana no banco, tô morta", "bradesco",
     "carrefour"),
    ("zh", "我在肯德基做收银员，帮我写个请假条呗",
     "麦当劳的工服穿着还挺舒服的，就是站一天腿疼", "麦当劳", "肯德基"),
    ("pt", "trampo de garçom no Madero da avenida, me ajuda com uma resposta pro gerente?",
     "o uniforme do Outback é bem melhor kkk primeira semana lá", "outback", "madero"),
])
def test_a_workplace_said_through_its_clothes(lang: str, before: str, after: str, new: str,
                                              old: str) -> None:
    current = _current(before, after, lang=lang)
    assert any(new in t for t in current), current
    assert not any(old in t for t in current), current


def test_clothes_of_a_relative_name_no_workplace() -> None:
    current = _current("il grembiule della nonna è ancora appeso in cucina", lang="it")
    assert not any("works at" in t for t in current), current


@pytest.mark.parametrize(("lang", "before", "after", "new", "old"), [
    ("it", "Nel mio monolocale a Bicocca si è rotta di nuovo la lavatrice.",
     "Prima settimana a Lecce e già adoro il mare, il vicino mi ha portato le friselle. "
     "Cosa gli regalo?", "lecce", "bicocca"),
    ("pt", "o ar condicionado aqui em Campinas pifou de novo, me ajuda a reclamar?",
     "primeira semana em Curitiba, o vizinho já me chamou pro churrasco kkkk o que eu levo?",
     "curitiba", "campinas"),
])
def test_the_first_days_in_a_town_with_its_neighbours_are_a_move(lang: str, before: str,
                                                                  after: str, new: str,
                                                                  old: str) -> None:
    current = _current(before, after, lang=lang)
    assert any(new in t and "lives" in t for t in current), current
    assert not any(old in t for t in current), current


def test_laughter_before_a_question_ends_the_sentence() -> None:
    texts = [c.text for c in clauses_of(
        "o vizinho me chamou pra pescar kkkk o que eu levo de presente?", default_language="pt")]
    assert texts[0].endswith("kkkk"), texts
    assert any(t.startswith("o que eu levo") for t in texts), texts


@pytest.mark.parametrize(("lang", "before", "after", "right", "wrong"), [
    ("en", "need a leave letter, my cousin Aditi's wedding is in Nagpur on 14 jan",
     "arre sorry yaar, wedding is in Pune not Nagpur. pls fix the letter", "pune", "nagpur"),
    ("de", "Ich arbeite seit drei Jahren als Pflegerin im Spital Uster.",
     "Sorry, falsch geschrieben: es ist das Spital Wetzikon, nicht Uster.", "wetzikon", "uster"),
    ("zh", "帮我谂个生日卡，我表姐阿玲下个礼拜生日，佢住荃湾",
     "唔好意思打错咗，佢住将军澳唔系荃湾", "将军澳", "荃湾"),
])
def test_a_name_put_right_with_not(lang: str, before: str, after: str, right: str,
                                   wrong: str) -> None:
    current = _current(before, after, lang=lang, days=3)
    assert any(right in t for t in current), current
    assert not any(wrong in t for t in current), current


def test_no_sentence_keeps_the_name_after_not() -> None:
    current = _current("ah ho sbagliato, i miei cugini sono di Cremona non Lodi 😅 comunque "
                       "la torta è venuta bene", lang="it")
    assert not any("lodi" in t for t in current), current
