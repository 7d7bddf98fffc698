"""Where clauses end, the day's weather and kin, in more of the words people chat in:

- ", and the supervisor asked me …" / ", e a encarregada pediu-me …" after a list with a
  comma is a clause of its own, whose request is not the user's work;
- an emoji between two statements ends the first ("het was een grap 🙄 hij zit gewoon nog
  op kamers in eindhoven");
- Portuguese "na 13 de julho" is a street, no day;
- temperatures said in words ("meno otto gradi", "treinta y cuatro grados"), Föhn, snow
  in metres, "il fait frette", "het waait", "九降風超強" are the day's weather;
- "mei mudder", "我幺妹", "组长", "我老汉" are kin and work relations;
- "… y dice que …" begins what someone else says, and "q tiene q llevar?" is a question of
  its own: the statement before them is read;
- laughter and then "and" ("… kkkk e mes q vem vou pra estancia") ends the daydream before
  it, and "…, che dici la prendo la cassia?" is a question of its own;
- "Oublie pas, rien qui vient de la mer pour moi" reminds, it takes nothing back;
- "组长王师傅" names the team leader with the title of respect;
- "ormai sono vegetariana" ends the meat eaten before, whatever kind it was read as.

Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.facts.clauses import clauses_of

from .conftest import history_facts

_DAY = datetime(2026, 1, 10, 9, 0, tzinfo=UTC)


def _facts(*turns: str, lang: str) -> list[tuple[str, str, str]]:
    return history_facts(*turns, start=_DAY, lang=lang, days=40)


@pytest.mark.parametrize(("lang", "said", "first"), [
    ("pt", "Trabalho na fábrica de conservas, na linha das sardinhas, e a encarregada pediu-me "
           "para escrever um aviso", "Trabalho na fábrica de conservas, na linha das sardinhas"),
    ("en", "I work at the cannery, on the sardine line, and the supervisor asked me to write a "
           "notice", "I work at the cannery, on the sardine line"),
])
def test_and_a_new_subject_after_a_comma_is_a_clause(lang: str, said: str, first: str) -> None:
    assert clauses_of(said, default_language=lang, language_hint=lang)[0].text == first


def test_an_emoji_between_statements_ends_the_first() -> None:
    texts = [c.text for c in clauses_of("het was een grap van hem in de familie-app 🙄 hij zit "
                                        "gewoon nog op kamers in eindhoven",
                                        default_language="nl", language_hint="nl")]
    assert texts == ["het was een grap van hem in de familie-app",
                     "hij zit gewoon nog op kamers in eindhoven"], texts


def test_the_work_clause_keeps_its_fact_beside_someone_elses_request() -> None:
    facts = _facts("Trabalho na fábrica de conservas, na linha das sardinhas, e a encarregada "
                   "pediu-me para escrever um aviso para o quadro do refeitório.", lang="pt")
    assert any(s == "user" and "fábrica de conservas" in t and "encarregada" not in t
               for st, s, t in facts), facts


def test_na_13_de_julho_is_a_street() -> None:
    facts = _facts("trabalho num call center na 13 de julho, turno da noite", lang="pt")
    assert any("na 13 de julho" in t for st, s, t in facts), facts
    assert not any("July" in t for st, s, t in facts), facts


@pytest.mark.parametrize(("lang", "said"), [
    ("it", "Fuori ci sono meno otto gradi e la nebbia sul Piave."),
    ("es", "Entró el surazo y estamos a doce grados."),
    ("de", "Heut ist Föhn, der Rosengarten leuchtet."),
    ("de", "Oben am Ritten liegt ein halber Meter Schnee."),
    ("fr", "Pis il fait frette en mautadit, y a de la glace plein la rivière."),
    ("nl", "Hier waait het dat het geen naam heeft, op de Zeedijk vliegen de stoelen."),
    ("zh", "今天九降風超強 米粉都吹乾了"),
])
def test_more_of_the_days_weather_is_no_fact(lang: str, said: str) -> None:
    assert _facts(said, lang=lang) == []


def test_the_weather_said_so_keeps_the_users_habit() -> None:
    facts = _facts("Quando ci sono meno otto gradi vado al lavoro in corriera.", lang="it")
    assert any("corriera" in t for st, s, t in facts), facts


@pytest.mark.parametrize(("lang", "said", "relation"), [
    ("de", "krass, mei mudder hat grad angerufen: sie verkauft ihr reihenhaus in schwabach",
     "user's mother"),
    ("zh", "谢谢。我幺妹罗丹在重庆当护士，她说到时候请假回来帮忙。", "罗丹"),
    ("zh", "我老汉身体好得很，天天在釜溪河边钓鱼。", "user's father"),
])
def test_dialect_kin_words(lang: str, said: str, relation: str) -> None:
    facts = _facts(said, lang=lang)
    assert any(s == relation for st, s, t in facts), facts


def test_the_team_leader_is_the_boss() -> None:
    facts = _facts("组长王师傅说我画的恐龙太可爱了，不够凶。", lang="zh")
    assert any(t.startswith("The user's boss (组长)") for st, s, t in facts), facts


def test_what_she_says_and_the_chat_question_leave_the_statement_read() -> None:
    texts = [c.text for c in clauses_of(
        "oe y mi hermana milagros es tecnica en enfermeria en una posta de castilla y dice q "
        "en junio se va a madrid, q tiene q llevar?", default_language="es",
        language_hint="es")]
    assert texts[0].endswith("es tecnica en enfermeria en una posta de castilla"), texts
    assert texts[-1] == "q tiene que llevar?", texts


def test_laughter_then_and_ends_the_daydream() -> None:
    facts = _facts("se eu ganhasse na mega-sena comprava um barco só meu kkkk e mes q vem vou "
                   "pra estancia no são joão ver o barco de fogo c a galera", lang="pt")
    assert any("estancia" in t for st, s, t in facts), facts
    assert not any("mega-sena" in t or "barco só meu" in t for st, s, t in facts), facts


@pytest.mark.parametrize(("lang", "allergy", "reminder"), [
    ("fr", "Moi je peux pas, je suis allergique aux fruits de mer.",
     "Oublie pas, rien qui vient de la mer pour moi, même pas un petit rouleau au homard."),
    ("it", "Sono allergica alle noci.", "Non dimenticare: niente noci per me alla festa."),
])
def test_dont_forget_is_a_reminder_not_a_retraction(lang: str, allergy: str,
                                                     reminder: str) -> None:
    facts = _facts(allergy, reminder, lang=lang)
    assert not any(st == "retracted" for st, s, t in facts), facts


def test_a_question_after_a_comma_leaves_the_grandmothers_place_read() -> None:
    facts = _facts("mia nonna sta a montefiascone e domani je porto le frittelle, qua c è na "
                   "nebbia che nn se vede niente, che dici la prendo la cassia?", lang="it")
    assert any(s == "user's grandmother" and "montefiascone" in t for st, s, t in facts), facts


def test_a_surname_with_a_title_of_respect_is_the_name() -> None:
    facts = _facts("组长王师傅说我画的恐龙太可爱了，不够凶。", lang="zh")
    assert any(t == "The user's boss (组长) is 王师傅" for st, s, t in facts), facts


def test_turning_vegetarian_ends_the_meat_eaten_before() -> None:
    facts = _facts("da brava senese la carne la mangio quasi tutti i giorni.",
                   "Ultimamente la carne la mangio solo la domenica, quando si desina dalla "
                   "mamma Graziella.",
                   "Grazie! E sai che ormai sono vegetariana? Sono settimane che non tocco carne.",
                   lang="it")
    active = [t for st, s, t in facts if st == "active"]
    assert any("vegetariana" in t for t in active), facts
    assert not any("quasi tutti i giorni" in t or "solo la domenica" in t for t in active), facts
    assert any(st == "superseded" and "quasi tutti i giorni" in t for st, s, t in facts), facts
