"""Values put right in the words people use, what others keep saying, and homes and
workplaces said in passing.

"I told you May 9, but it's May 19" moves the plan; "le avevo detto che Paolo fa
l'elettricista? Mi sono sbagliato: fa l'idraulico" puts his job right; a name set against the
one said before, in a turn that says it was wrong, is put right whoever it was said of;
"唔系" is Cantonese "not". "My aunt keeps sayin I should …", "vive dizendo q eu devia …" and
"阿芬话我应该 …" are someone else's advice, no fact of the user's. "Laisse tomber ce que je
t'ai dit pour …" takes a statement back; "forget what I said about my salary" takes back the
pay said as an amount. A roommate shares the home left; "la Pharmacie centrale Saint-Michel"
is one name; "primera semana en mi pisito en Triana" is a new home. Sentences written for these
tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import current_facts

_MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _current(*turns: str, lang: str, days: int = 20) -> list[str]:
    return current_facts(*turns, start=_MONDAY, lang=lang, days=days)


@pytest.mark.parametrize(("lang", "before", "after", "right", "wrong"), [
    ("en", "My niece Ava has her piano recital on May 9!",
     "Oops, I told you May 9 last time, but it's May 19!", "19 may", "9 may"),
    ("nl", "Mijn nichtje Fleur geeft op 9 mei haar pianoconcert!",
     "Oeps, ik zei vorige keer 9 mei voor Fleur, maar het is 19 mei!", "19 may", "9 may"),
    ("de", "Meine Nichte Ida hat am 9. Mai ihr Klaviervorspiel!",
     "Ich hab dir letztes Mal den 9. Mai gesagt, aber es ist der 19. Mai!", "19 may", "9 may"),
])
def test_a_day_told_before_is_moved(lang: str, before: str, after: str, right: str,
                                    wrong: str) -> None:
    current = _current(before, after, lang=lang, days=10)
    assert any(right in t for t in current), current
    assert not any(wrong in t.replace(right, "") for t in current), current


def test_a_job_asked_back_then_put_right_after_i_was_wrong() -> None:
    current = _current(
        "Mio genero Paolo, che fa l'elettricista a Modena, dice che devo cambiare la caldaia.",
        "Le avevo detto che Paolo fa l'elettricista? Mi sono sbagliato: fa l'idraulico, "
        "lavora per una ditta di Carpi.", lang="it")
    assert any("idraulico" in t for t in current), current
    assert not any("elettricista" in t for t in current), current


@pytest.mark.parametrize(("lang", "before", "after", "right", "wrong"), [
    ("es", "Mi hermano Pablo trabaja de mecánico en el taller de Getafe.",
     "Oye, el taller de Pablo está en Leganés, no en Getafe. Me confundí, perdona.",
     "leganés", "getafe"),
    ("de", "Meine Tochter Lena macht eine Lehre als Köchin im Hotel in Rosenheim.",
     "Des Hotel von der Lena is in Prien, net in Rosenheim. Hab mich letztes Mal vertan.",
     "prien", "rosenheim"),
])
def test_a_name_set_against_the_one_said_before_is_put_right(lang: str, before: str,
                                                             after: str, right: str,
                                                             wrong: str) -> None:
    current = _current(before, after, lang=lang)
    assert any(right in t for t in current), current
    assert not any(wrong in t for t in current), current


def test_a_contrast_in_a_turn_that_corrects_nothing_changes_nothing() -> None:
    current = _current("I drink coffee every morning.", "Tea, not coffee, is what I fancy today.",
                       lang="en")
    assert any("coffee every morning" in t for t in current), current


def test_cantonese_not_puts_a_job_right() -> None:
    current = _current("我老公阿强系厨师，成日好夜先返屋企。",
                       "之前我讲错咗，阿强唔系厨师，佢系面包师傅。", lang="zh")
    assert any("面包师傅" in t for t in current), current
    assert not any("厨师" in t.replace("面包师傅", "") for t in current), current


@pytest.mark.parametrize(("lang", "turn", "advised"), [
    ("en", "my aunt keeps sayin i should move to dubai for the tax free money lol", "dubai"),
    ("pt", "meu pai vive dizendo q eu devia fazer medicina igual minha prima", "medicina"),
    ("zh", "我同事阿芬话我应该去加拿大读书，话留喺度冇前途。", "加拿大"),
    ("es", "mi abuela vive diciendo que me tengo que casar antes de los treinta", "casar"),
])
def test_what_someone_keeps_saying_the_user_should_do_is_no_fact(lang: str, turn: str,
                                                                 advised: str) -> None:
    current = _current(turn, lang=lang)
    assert not any(advised in t for t in current), current


def test_a_language_the_user_speaks_with_colleagues_is_kept() -> None:
    current = _current("我在家都说潮州话，我在公司跟同事都说普通话。", lang="zh")
    assert any("普通话" in t for t in current), current


def test_a_call_for_attention_is_no_name() -> None:
    current = _current("Oye, mi jefa dice que el viernes cerramos temprano.", lang="es")
    assert not any("oye" in t for t in current), current


@pytest.mark.parametrize(("lang", "before", "after", "gone"), [
    ("fr", "Je pense déménager à Nantes l'été prochain, tu as des conseils ?",
     "Laisse tomber ce que je t'ai dit pour le déménagement à Nantes, on reste ici.", "nantes"),
    ("de", "Ich verdiene 2.900 netto im Monat. Reicht das für eine Wohnung in Köln?",
     "Vergiss bitte, was ich dir über mein Gehalt erzählt habe.", "2.900"),
    ("it", "Prendo 1.600 euro al mese netti. Mi fai un piano di risparmio?",
     "Dimentica quello che ti ho scritto sul mio stipendio, ok?", "1.600"),
])
def test_a_statement_taken_back_in_other_words(lang: str, before: str, after: str,
                                               gone: str) -> None:
    assert any(gone in t for t in _current(before, lang=lang)), "the statement is read first"
    current = _current(before, after, lang=lang)
    assert not any(gone in t for t in current), current


def test_a_roommate_shares_the_home_left() -> None:
    current = _current("I share a flat in Hackney with my roommate, Jess.",
                       "First week in my new flat in Walthamstow done, boxes everywhere!",
                       lang="en")
    assert any("walthamstow" in t for t in current), current
    assert not any("roommate" in t for t in current), current
    kept = _current("I share a flat in Hackney with my roommate, Jess.",
                    "First week in the new flat in Walthamstow, Jess and I finally have a "
                    "balcony!", lang="en")
    assert any("roommate is jess" in t for t in kept), kept


@pytest.mark.parametrize(("lang", "turn", "name"), [
    ("fr", "Je travaille à la Pharmacie centrale Saint-Michel depuis deux ans.",
     "pharmacie centrale saint-michel"),
    ("pt", "Trabalho na Escola municipal Machado de Assis como merendeira.",
     "escola municipal machado de assis"),
])
def test_a_workplace_named_with_a_describing_word(lang: str, turn: str, name: str) -> None:
    current = _current(turn, lang=lang)
    assert any(name in t for t in current), current


def test_the_job_before_a_wish_is_kept_and_a_remark_before_one_is_not() -> None:
    assert any("forno santa lucia" in t for t in _current(
        "Faccio il panettiere al Forno Santa Lucia e vorrei chiedere un aumento.", lang="it"))
    assert not any("punto" in t for t in _current(
        "La Punto stamattina non partiva di nuovo e vorrei portarla dal meccanico.", lang="it"))


def test_the_first_week_in_ones_own_small_flat_is_a_new_home() -> None:
    current = _current("Alquilo una habitación en Dos Hermanas, pero el bus tarda una vida.",
                       "¡Primera semana en mi pisito en Triana! Todavía hay cajas por todas "
                       "partes.", lang="es")
    assert any("triana" in t for t in current), current


@pytest.mark.parametrize(("lang", "turn", "said"), [
    ("en", "My cousin Priya, who is a nurse in Leeds, says I should quit.", "nurse"),
    ("es", "Mi cuñado Iván, que estudia Derecho en Salamanca, dice que me cambie de banco.",
     "derecho"),
])
def test_what_a_relative_clause_says_of_someone_named(lang: str, turn: str, said: str) -> None:
    current = _current(turn, lang=lang)
    assert any(said in t for t in current), current
