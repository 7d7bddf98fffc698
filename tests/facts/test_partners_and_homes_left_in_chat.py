"""A partner left and a home left, said the way people say them in chat: "Kevin et moi c'est
fini", "ho lasciato Gianni", "mit Jonas ist es aus"; the breakup is history, not a current
fact that names the ex; a remark about the flat in the town left ends with the move; a
district corrected ("ich hab dir Pradl gesagt, das stimmt nicht") leaves the right one.
Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _current(*turns: str, lang: str) -> list[str]:
    with said_a_day_apart(*turns, start=_MONDAY, user_id="u", lang=lang) as memory:
        return [f.text for f in memory.facts.list(user_id="u")]


def _history(*turns: str, lang: str) -> list[str]:
    with said_a_day_apart(*turns, start=_MONDAY, user_id="u", lang=lang) as memory:
        return [f.text for f in memory.facts.history(user_id="u")]


@pytest.mark.parametrize(("lang", "partner", "over", "name"), [
    ("en", "My boyfriend Theo is a nurse", "Theo and I, it's over. Feels weird", "Theo"),
    ("en", "My girlfriend Nadia paints", "I dumped Nadia.", "Nadia"),
    ("de", "Mein Freund Jonas kocht gern", "Mit Jonas ist es aus, endgültig.", "Jonas"),
    ("fr", "Mon copain Mathéo fait de la boxe", "Bon, Mathéo et moi c'est fini.", "Mathéo"),
    ("fr", "Mon copain Mathéo fait de la boxe", "J'ai largué Mathéo !", "Mathéo"),
    ("es", "Mi novio Iker juega al pádel", "corté con Iker, ya está", "Iker"),
    ("it", "Il mio ragazzo Dario suona la chitarra", "con Dario è finita, amen", "Dario"),
    ("it", "Il mio ragazzo Dario suona la chitarra", "alla fine ho lasciato Dario.", "Dario"),
    ("pt", "Meu namorado Caio trabalha num banco", "com o Caio acabou, de vez", "Caio"),
    ("nl", "Mijn vriend Joost speelt hockey", "Het is uit met Joost.", "Joost"),
    ("zh", "我男朋友阿杰是厨师", "上周我跟阿杰分了", "阿杰"),
])
def test_a_breakup_said_in_passing_ends_the_partner(lang: str, partner: str, over: str,
                                                    name: str) -> None:
    current = _current(partner, over, lang=lang)
    assert not any(name in text for text in current), current
    history = _history(partner, over, lang=lang)
    assert any(text.startswith(f"The user broke up with {name}") for text in history), history


@pytest.mark.parametrize(("lang", "partner", "said", "name"), [
    ("it", "Il mio ragazzo Dario suona la chitarra", "ho lasciato le chiavi a Dario",
     "Dario"),
    ("en", "My girlfriend Nadia paints", "I left Nadia at the station", "Nadia"),
    ("fr", "Le lait de vache, j'en bois tous les matins",
     "le lait de vache, c'est fini", "lait"),
    ("de", "Meine Freundin Lena kommt aus Bern", "Lena ist aus Bern, wie gesagt", "Lena"),
])
def test_over_or_left_without_the_couple_is_no_breakup(lang: str, partner: str, said: str,
                                                        name: str) -> None:
    history = _history(partner, said, lang=lang)
    assert not any("broke up" in text for text in history), history


@pytest.mark.parametrize(("lang", "home", "moved", "old"), [
    ("es", "el depto de Palermo tiene una humedad terrible", "ya vivo en Córdoba", "Palermo"),
    ("fr", "l'appart à Outremeuse est trop bruyant", "j'habite à Namur maintenant",
     "Outremeuse"),
    ("en", "the flat in Leeds is freezing this week", "I live in York now", "Leeds"),
    ("it", "nel mio appartamento a Bologna fa un freddo cane", "ora abito a Modena",
     "Bologna"),
    ("de", "die Wohnung in Graz ist viel zu dunkel", "Ich wohne jetzt in Linz", "Graz"),
])
def test_a_remark_about_the_home_left_ends_with_the_move(lang: str, home: str, moved: str,
                                                         old: str) -> None:
    assert any(old in text for text in _current(home, lang=lang))
    current = _current(home, moved, lang=lang)
    assert not any(old in text for text in current), current


def test_a_remark_about_the_home_kept_stays() -> None:
    current = _current("el depto de Palermo tiene una humedad terrible", "vivo en Palermo",
                       lang="es")
    assert any("humedad" in text for text in current), current


def test_someone_elses_past_home_is_not_the_users() -> None:
    current = _current("vivo en Rosario, en el centro",
                       "la profe, Nati, me enseña sueco porque vivió tres años en Uppsala",
                       lang="es")
    assert any("Rosario" in text for text in current), current
    assert not any(text.startswith("The user") and "Uppsala" in text for text in current)


def test_a_district_corrected_in_chat_keeps_the_right_one() -> None:
    current = _current("Wir haben eine Wohnung in Lehen, mit Balkon.",
                       "ich hab dir letztes Mal Lehen gesagt, das stimmt nicht, wir wohnen in "
                       "Gnigl. Keine Ahnung wie ich auf Lehen kam",
                       lang="de")
    assert any("Gnigl" in text for text in current), current
    assert not any("Lehen" in text for text in current), current


@pytest.mark.parametrize(("lang", "said", "name"), [
    ("en", "I've been seeing Ravi for a few weeks now", "Ravi"),
    ("de", "ich bin jetzt mit Malte zusammen, seit dem Sommerfest", "Malte"),
    ("es", "estoy saliendo con Bruno desde enero", "Bruno"),
    ("it", "in palestra ho conosciuto Elia, usciamo da due settimane", "Elia"),
    ("pt", "tô ficando com o Davi faz um mês", "Davi"),
    ("nl", "ik heb iets met Sem sinds de zomer", "Sem"),
])
def test_dating_said_in_chat_is_a_partner(lang: str, said: str, name: str) -> None:
    current = _current(said, lang=lang)
    assert f"The user's partner is {name}" in " | ".join(current), current


@pytest.mark.parametrize(("lang", "said"), [
    ("es", "esta noche estoy saliendo con amigas del trabajo"),
    ("en", "I'm going out with Sam and Jo tonight"),
])
def test_going_out_with_friends_is_no_partner(lang: str, said: str) -> None:
    current = _current(said, lang=lang)
    assert not any("partner" in text for text in current), current


def test_what_is_said_of_the_new_partner_right_after_is_about_them() -> None:
    current = _current("in palestra ho conosciuto Elia, usciamo da due settimane. "
                       "è di Matera e fa l'infermiere", lang="it")
    assert any(text.startswith("The user's partner Elia") and "Matera" in text
               for text in current), current


@pytest.mark.parametrize(("lang", "said", "old"), [
    ("de", "Im April ziehen wir von Linz weg, endlich", "Linz"),
    ("nl", "In april verhuizen we uit Arnhem weg", "Arnhem"),
])
def test_a_home_left_said_verb_last_is_the_old_home_until_the_move(lang: str, said: str,
                                                                    old: str) -> None:
    with said_a_day_apart(said, "ok, danke", start=_MONDAY, user_id="u", lang=lang,
                          days=60) as memory:  # asked in May, of March and of April
        before = [f.text for f in memory.facts.list(
            user_id="u", as_of=datetime(2026, 3, 20, tzinfo=UTC), mode="true")]
        after = [f.text for f in memory.facts.list(
            user_id="u", as_of=datetime(2026, 4, 20, tzinfo=UTC), mode="true")]
    assert f"The user lives in {old}" in before, before
    assert not any(old in text for text in after), after
