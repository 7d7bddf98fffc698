"""What the user does or feels as they write is no lasting fact: a coffee made now, the
day's mood, the third cup of the day, an email read again, a strike or a queue of the day,
how hectic this week is.
Habits, changes, plans with a day, conditions and memorable events said the same way stay
facts. Sentences written for these tests, in the languages the offline extractor reads."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_START = datetime(2026, 5, 4, 8, 30, tzinfo=UTC)


def _texts(turn: str, lang: str) -> list[str]:
    with said_a_day_apart(turn, start=_START, user_id="mo", lang=lang) as memory:
        return [f.text for f in memory.facts.history(user_id="mo")]


SMALL_ACTS_OF_TODAY = [
    ("en", "ok, I'm off to make a coffee now", "coffee"),
    ("de", "so, ich mach mir jetzt erstmal einen Kaffee", "Kaffee"),
    ("fr", "bon, je vais me faire un thé maintenant", "thé"),
    ("es", "ahora me voy a preparar un mate", "mate"),
    ("it", "adesso vado a fare la spesa", "spesa"),
    ("pt", "agora vou fazer um cafezinho", "cafezinho"),
    ("nl", "ik ga nu even boodschappen doen", "boodschappen"),
    ("zh", "现在去泡杯茶", "泡杯茶"),
]

MOODS_OF_TODAY = [
    ("en", "I'm all over the place today", "place"),
    ("de", "heute bin ich total gestresst", "gestresst"),
    ("fr", "je suis de mauvaise humeur aujourd'hui", "humeur"),
    ("es", "hoy estoy de bajón", "bajón"),
    ("it", "oggi sono proprio di cattivo umore", "umore"),
    ("pt", "hoje estou de mau humor", "humor"),
    ("nl", "ik ben vandaag echt van slag", "slag"),
]

CUPS_COUNTED = [
    ("en", "already my third coffee and it's not even ten", "third"),
    ("de", "schon der dritte Kaffee heute", "dritte"),
    ("fr", "déjà mon troisième café", "troisième"),
    ("it", "oggi sono già al terzo caffè", "terzo"),
    ("zh", "已经第三杯咖啡了", "第三杯"),
]

CHECKED_AGAIN = [
    ("en", "I double-checked the booking", "booking"),
    ("de", "ich hab in der Mail nachgeschaut", "nachgeschaut"),
    ("fr", "j'ai vérifié le mail", "mail"),
    ("es", "lo he comprobado en el calendario", "calendario"),
    ("it", "ho ricontrollato il biglietto", "biglietto"),
    ("nl", "ik heb de mail nagekeken", "nagekeken"),
    ("pt", "já verifiquei o convite", "convite"),
]

ANNOYANCES_FROM_OUTSIDE = [
    ("en", "two hours in the queue at the post office today", "queue"),
    ("de", "heute wieder Stau auf der A9", "Stau"),
    ("fr", "pff, demain grève des trains", "grève"),
    ("es", "hoy huelga de metro, qué rollo", "huelga"),
    ("it", "che noia, stamattina sciopero dei bus", "sciopero"),
    ("pt", "hoje greve dos ônibus", "greve"),
    ("zh", "今天在邮局排队排了两个小时", "排队"),
]

BUSY_SPELLS = [
    ("es", "madre mía, esta semana es una locura", "locura"),
    ("fr", "bon, cette semaine c'est la folie", "folie"),
    ("it", "aiuto, questa settimana è un casino", "casino"),
    ("pt", "esta semana está uma correria", "correria"),
    ("nl", "vandaag is het een gekkenhuis", "gekkenhuis"),
]


@pytest.mark.parametrize(("lang", "turn", "word"), SMALL_ACTS_OF_TODAY)
def test_a_small_act_of_today_is_no_fact(lang: str, turn: str, word: str) -> None:
    assert not any(word in text for text in _texts(turn, lang))


@pytest.mark.parametrize(("lang", "turn", "word"), MOODS_OF_TODAY)
def test_a_mood_of_today_is_no_fact(lang: str, turn: str, word: str) -> None:
    assert not any(word in text for text in _texts(turn, lang))


@pytest.mark.parametrize(("lang", "turn", "word"), CUPS_COUNTED)
def test_the_days_cups_counted_are_no_fact(lang: str, turn: str, word: str) -> None:
    assert not any(word in text for text in _texts(turn, lang))


@pytest.mark.parametrize(("lang", "turn", "word"), CHECKED_AGAIN)
def test_looking_something_up_again_is_no_fact(lang: str, turn: str, word: str) -> None:
    assert not any(word in text for text in _texts(turn, lang))


@pytest.mark.parametrize(("lang", "turn", "word"), ANNOYANCES_FROM_OUTSIDE)
def test_an_annoyance_from_outside_is_no_fact(lang: str, turn: str, word: str) -> None:
    assert not any(word in text for text in _texts(turn, lang))


@pytest.mark.parametrize(("lang", "turn", "word"), BUSY_SPELLS)
def test_how_busy_this_week_is_is_no_fact(lang: str, turn: str, word: str) -> None:
    assert not any(word in text for text in _texts(turn, lang))


STAY_FACTS = [
    ("en", "I make a coffee every morning before work", "coffee"),
    ("fr", "je fais mes courses au marché le samedi", "courses"),
    ("en", "my second coffee is always a decaf", "decaf"),
    ("de", "ich bin immer gestresst vor Prüfungen", "gestresst"),
    ("de", "ich trinke jetzt nur noch Tee", "Tee"),
    ("zh", "我每天至少一杯奶茶", "奶茶"),
    ("en", "I'm stuck in traffic every morning on the ring road", "traffic"),
    ("en", "I'm allergic to peanuts", "peanuts"),
    ("it", "ho l'asma da bambino", "asma"),
    ("en", "next Friday I fly to Oslo", "Oslo"),
    ("en", "I ran my first marathon yesterday", "marathon"),
    ("es", "hoy empecé a trabajar en una panadería", "panadería"),
    ("nl", "ik ben vandaag begonnen bij een nieuwe werkgever in Delft", "Delft"),
    ("zh", "这周要去医院拿体检报告，真是忙", "体检"),
]


@pytest.mark.parametrize(("lang", "turn", "word"), STAY_FACTS)
def test_habits_changes_plans_conditions_and_events_stay_facts(lang: str, turn: str,
                                                               word: str) -> None:
    assert any(word in text for text in _texts(turn, lang))
