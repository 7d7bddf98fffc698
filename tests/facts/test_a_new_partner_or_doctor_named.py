"""Who the user's partner or doctor is, named the way people say it in every language: "a
minha namorada é a Inês", "ora sto con Bianca", "Salgo con Ximena, mi nueva novia", "el
médico nuevo, el doctor Ferrán", "beim neuen Hausarzt, Dr. Krämer"; the new one takes the
old one's place. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.facts.clauses import clauses_of

from .conftest import said_a_day_apart

_TUESDAY = datetime(2026, 4, 7, 18, 0, tzinfo=UTC)


def _current(*turns: str, lang: str) -> list[str]:
    with said_a_day_apart(*turns, start=_TUESDAY, user_id="u", lang=lang) as memory:
        return [f.text for f in memory.facts.list(user_id="u")]


@pytest.mark.parametrize(("lang", "said", "name"), [
    ("es", "Mi novio es Gonzalo, trabaja de noche", "Gonzalo"),
    ("it", "Il mio fidanzato è Ettore, fa il cuoco", "Ettore"),
    ("pt", "O meu namorado é o Rodrigo, é de Braga", "Rodrigo"),
    ("fr", "Mon copain, c'est Bastien", "Bastien"),
    ("nl", "Mijn vriend is Thijs, hij is kok", "Thijs"),
    ("de", "Meine Freundin ist Nele, sie studiert Jura", "Nele"),
])
def test_a_partner_named_after_is(lang: str, said: str, name: str) -> None:
    current = _current(said, lang=lang)
    assert any(text.startswith("The user's") and text.endswith(f" is {name}")
               for text in current), current


def test_a_capitalised_noun_after_is_is_no_name_in_german() -> None:
    current = _current("Mein Freund ist Bäcker, er steht um drei auf", lang="de")
    assert not any(text.endswith(" is Bäcker") for text in current), current


@pytest.mark.parametrize(("lang", "first", "breakup", "now", "old", "new"), [
    ("fr", "Mon copain s'appelle Loïc", "Loïc et moi, on s'est séparés",
     "Maintenant je sors avec Damien, il est pompier", "Loïc", "Damien"),
    ("it", "La mia ragazza si chiama Noemi", "Io e Noemi ci siamo lasciati",
     "Ora sto con Bianca, è di Lecco", "Noemi", "Bianca"),
    ("pt", "A minha namorada é a Inês", "Eu e a Inês terminamos",
     "Agora tô namorando a Larissa", "Inês", "Larissa"),
    ("nl", "Mijn vriendin heet Sanne", "Sanne en ik zijn uit elkaar",
     "Ik heb nu iets met Eline, van de roeiclub", "Sanne", "Eline"),
    ("es", "Mi novia se llama Paula", "Paula y yo lo dejamos",
     "Salgo con Ximena, mi nueva novia", "Paula", "Ximena"),
    ("en", "My boyfriend is Callum", "Callum and I broke up",
     "I'm dating Rhys now", "Callum", "Rhys"),
])
def test_a_new_partner_after_a_breakup(lang: str, first: str, breakup: str, now: str,
                                       old: str, new: str) -> None:
    current = _current(first, breakup, now, lang=lang)
    assert any(text.startswith("The user's") and new in text for text in current), current
    assert not any(old in text for text in current), current


@pytest.mark.parametrize(("lang", "said"), [
    ("es", "Salgo con mis primas al cine"),
    ("fr", "Je sors avec des collègues ce soir"),
])
def test_going_out_with_people_is_no_partner(lang: str, said: str) -> None:
    current = _current(said, lang=lang)
    assert not any("partner" in text for text in current), current


@pytest.mark.parametrize(("lang", "old", "new", "old_name", "new_name"), [
    ("es", "Mi médico es el doctor Quiroga", "El médico nuevo, el doctor Ferrán, es muy majo",
     "Quiroga", "Ferrán"),
    ("pt", "A minha médica é a Dr.ª Pestana", "O médico novo, o Dr. Vasco Leal, ouviu-me bem",
     "Pestana", "Vasco Leal"),
    ("it", "Il mio medico è il dottor Rinaldi", "Adesso il mio medico è la dottoressa Ferri",
     "Rinaldi", "Ferri"),
    ("fr", "Mon médecin, c'est le docteur Aubert",
     "Mon nouveau médecin, le docteur Lacombe, prend son temps", "Aubert", "Lacombe"),
    ("de", "Mein Hausarzt ist Dr. Hübner", "War heute beim neuen Hausarzt, Dr. Krämer",
     "Hübner", "Krämer"),
])
def test_a_new_doctor_named_ends_the_old_one(lang: str, old: str, new: str, old_name: str,
                                             new_name: str) -> None:
    current = _current(old, new, lang=lang)
    assert any(text.startswith("The user's doctor") and new_name in text
               for text in current), current
    assert not any(f"is {old_name}" in text for text in current), current


@pytest.mark.parametrize(("lang", "text", "clauses"), [
    ("es", "Salgo con Ximena, mi nueva novia.", 1),
    ("en", "Had lunch with Priya, my new boss.", 1),
    ("es", "Comí con Ximena, mi hermana vive en Cádiz.", 2),
])
def test_my_relation_after_a_name_is_no_clause_of_its_own(lang: str, text: str,
                                                          clauses: int) -> None:
    assert len(clauses_of(text, default_language=lang)) == clauses


@pytest.mark.parametrize(("lang", "old", "new", "old_name"), [
    ("pt", "o Dr. Simões, o meu médico de família, diz sempre que eu ando pouco",
     "fui ao centro de saúde, o médico de família novo, o Dr. Nuno Brás, foi impecável",
     "Simões"),
    ("de", "Mein Hausarzt ist Dr. Fuchs, bei Dr. Fuchs sitz ich immer ewig im Wartezimmer",
     "War heute beim neuen Hausarzt, Dr. Brandt, ging ganz schnell", "Fuchs"),
])
def test_what_the_statement_said_around_an_ended_name_ends_with_it(
        lang: str, old: str, new: str, old_name: str) -> None:
    current = _current(old, new, lang=lang)
    assert not any(old_name in text for text in current), current


@pytest.mark.parametrize(("lang", "said"), [
    ("es", "Ahora estoy con Marisol en el mercado, luego te cuento"),
    ("fr", "Je suis avec Hugo maintenant, on attend le bus"),
])
def test_being_with_someone_right_now_is_no_partner(lang: str, said: str) -> None:
    current = _current(said, lang=lang)
    assert not any("partner" in text for text in current), current
