"""Defects found in the facts10 round, each pinned with sentences written for these tests in
the languages where the phenomenon exists: what someone else did ("the plumber fixed the
leak") is no fact of the user's."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from lucidmem import Memory
from lucidmem.clock import ManualClock

_TUESDAY = datetime(2025, 3, 4, 18, 0, tzinfo=UTC)


def _active(turns: list[str], lang: str, zone: str = "Europe/Berlin") -> list[str]:
    clock = ManualClock(_TUESDAY)
    memory = Memory(":memory:", clock=clock)
    try:
        for i, text in enumerate(turns):
            at = _TUESDAY + timedelta(minutes=i)
            clock.now = at
            memory.add([{"role": "user", "content": text, "timestamp": at.isoformat()}],
                       user_id="ida", metadata={"timezone": zone, "language": lang})
        return [f.text for f in memory.facts.list(user_id="ida")]
    finally:
        memory.close()


@pytest.mark.parametrize(("lang", "said", "word"), [
    ("en", "the plumber finally fixed the leak in the bathroom", "plumber"),
    ("de", "Herr Becker hat mir gestern das Fahrrad repariert", "Becker"),
    ("fr", "le plombier a réparé la fuite de la salle de bain", "plombier"),
    ("es", "el cartero me dejó un paquete enorme en la puerta", "cartero"),
    ("it", "un collega mi ha regalato un libro di cucina giapponese", "collega"),
    ("pt", "a Marta adorou o presente de aniversário", "Marta"),
    ("nl", "de buurvrouw heeft een enorme taart gebakken", "buurvrouw"),
])
def test_what_someone_else_did_is_no_fact_of_the_users(lang: str, said: str, word: str) -> None:
    active = _active([said], lang)
    # a remark kept as the other person's ("Marta (likes): adorou o presente …", since
    # stop 38 a name said with its article is the clause's subject) is theirs, not the user's
    assert not any(word in t and t.startswith("The user") for t in active), active


@pytest.mark.parametrize(("lang", "said", "word"), [
    ("en", "I live in Leeds, the landlord raised the rent again", "Leeds"),
    ("it", "la settimana scorsa sono andato a Roma per lavoro", "Roma"),
    ("de", "die letzte Woche war ich in Hamburg bei meiner Schwester", "Hamburg"),
])
def test_the_users_own_clause_is_kept(lang: str, said: str, word: str) -> None:
    active = _active([said], lang)
    assert any(word in t for t in active), active



@pytest.mark.parametrize(("lang", "held", "word", "only"), [
    ("en", "I drink green tea every morning", "green tea",
     "now the espresso from the machine downstairs is the only thing that keeps me awake"),
    ("de", "ich trinke jeden Morgen grünen Tee", "Tee",
     "jetzt ist der Espresso aus der Maschine unten das Einzige, was mich wach hält"),
    ("fr", "je bois du thé vert tous les matins", "thé",
     "maintenant l'espresso de la machine d'en bas est la seule chose qui me garde éveillé"),
    ("es", "tomo té verde todas las mañanas", "té",
     "ahora el espresso de la máquina de abajo es lo único que me mantiene despierto"),
    ("it", "bevo tè verde tutte le mattine", "tè",
     "ora l'espresso della macchinetta di sotto è l'unica cosa che mi tiene sveglio"),
    ("pt", "bebo chá verde todas as manhãs", "chá",
     "agora o espresso da máquina lá de baixo é a única coisa que me mantém acordado"),
    ("nl", "ik drink elke ochtend groene thee", "thee",
     "nu is de espresso uit de automaat beneden het enige wat me wakker houdt"),
    ("zh", "我每天早上喝绿茶", "绿茶", "现在楼下咖啡机的浓缩咖啡是唯一让我保持清醒的东西"),
])
def test_only_what_acts_on_the_user_ends_nothing(lang: str, held: str, word: str,
                                                 only: str) -> None:
    """"X is the only thing that keeps me awake" says nothing of what else the user drinks
    (unlike "the only thing I drink now is X"): the held habit stays."""
    after = _active([held, only], lang)
    assert any(word in t for t in after), after


def _rows(turns: list[str], lang: str) -> list[tuple[str, str]]:
    clock = ManualClock(_TUESDAY)
    memory = Memory(":memory:", clock=clock)
    try:
        for i, text in enumerate(turns):
            at = _TUESDAY + timedelta(days=30 * i)
            clock.now = at
            memory.add([{"role": "user", "content": text, "timestamp": at.isoformat()}],
                       user_id="ida", metadata={"timezone": "UTC", "language": lang})
        return [(str(f.status), f.text) for f in memory.facts.history(user_id="ida")]
    finally:
        memory.close()


@pytest.mark.parametrize(("lang", "held", "old", "new"), [
    ("en", "been behind the bar at Murphy's nearly three years and I'm tired", "Murphy",
     "two weeks at Crumb & Co already"),
    ("de", "ich steh bei Kaufhof seit fast fünf Jahren an der Kasse", "Kaufhof",
     "erste Woche bei Thalia überstanden"),
    ("es", "estoy en la cocina con Telepizza desde hace casi cuatro años", "Telepizza",
     "primera semana con Mercadona superada"),
    ("it", "sto in cucina da Eataly da quasi quattro anni", "Eataly",
     "prima settimana da Esselunga finita"),
    ("nl", "ik sta bij Albert Heijn al bijna vier jaar achter de kassa", "Albert Heijn",
     "eerste week bij Coolblue zit erop"),
])
def test_years_at_a_workplace_said_after_it_is_the_employer(lang: str, held: str, old: str,
                                                             new: str) -> None:
    """How long the user has been at an organisation, said after its name ("behind the bar at
    Murphy's nearly three years"), is their workplace: the next one named by a first week
    ends it."""
    rows = _rows([held, new], lang)
    assert any(old in t and not status.endswith("active") for status, t in rows), rows
    assert not any(old in t and status.endswith("active") for status, t in rows), rows
    assert any(status.endswith("active") and t.split()[-1] in new for status, t in rows), rows


@pytest.mark.parametrize(("lang", "named", "said", "word"), [
    ("es", "mi hermano Pablo vive en Montevideo", "en invierno es profesor de esquí", "esquí"),
    ("es", "mi hermana Lucía vino a cenar", "le encanta el flan, es su postre favorito", "flan"),
    ("it", "mio fratello Paolo vive a Bari", "d'estate fa il bagnino a Polignano", "bagnino"),
    ("it", "mia sorella Giulia è venuta a cena", "gli piace il jazz", "jazz"),
    ("pt", "meu irmão Paulo mora em Recife", "no verão é salva-vidas na praia", "salva-vidas"),
    ("fr", "ma sœur Camille est passée hier", "elle, ne jure que par le yoga", "yoga"),
    ("en", "my sister Kate came over", "she, on the other hand, only drinks oat milk", "oat"),
    ("nl", "mijn zus Eva kwam langs", "zij, die drinkt alleen havermelk", "havermelk"),
])
def test_someone_elses_clause_without_a_subject_word_is_not_the_users(
        lang: str, named: str, said: str, word: str) -> None:
    """A pro-drop clause whose third-person verb comes after a phrase of time or a pronoun
    of the person pleased ("en invierno es profesor", "gli piace il jazz"), or a pronoun
    set off by a comma ("elle, ne jure que par …"), is about the person just named."""
    active = _active([named, said], lang)
    assert not any(t.startswith("The user (") and word in t for t in active), active


@pytest.mark.parametrize(("lang", "turns"), [
    ("en", ["my husband Feng hates the cold", "my dad turns sixty next Wednesday",
            "I'm getting him a tea set, he drinks oolong every morning"]),
    ("de", ["mein Mann Jonas hasst die Kälte", "mein Vater wird nächsten Mittwoch sechzig",
            "ich schenke ihm ein Teeservice, er trinkt jeden Morgen Oolong"]),
    ("fr", ["mon mari Hugo déteste le froid", "mon père fête ses soixante ans mercredi prochain",
            "je lui offre un service à thé, il boit du oolong tous les matins"]),
    ("es", ["mi marido Diego odia el frío", "mi padre cumple sesenta el miércoles que viene",
            "le regalo un juego de té, él toma oolong todas las mañanas"]),
    ("it", ["mio marito Marco odia il freddo", "mio padre compie sessant'anni mercoledì prossimo",
            "gli regalo un servizio da tè, lui beve oolong ogni mattina"]),
    ("pt", ["o meu marido Rui odeia o frio", "o meu pai faz sessenta anos na quarta que vem",
            "vou dar-lhe um jogo de chá, ele bebe oolong todas as manhãs"]),
    ("nl", ["mijn man Joost haat de kou", "mijn vader wordt volgende woensdag zestig",
            "ik geef hem een theeservies, hij drinkt elke ochtend oolong"]),
    ("zh", ["我老公阿峰最怕冷", "我爸的六十大寿定在下周三",
            "准备送他一套茶具，他每天早上都要喝乌龙茶"]),
])
def test_a_pronoun_points_to_the_relative_just_mentioned(lang: str, turns: list[str]) -> None:
    """"He" after "my dad …" is the father, though he has no name and the husband was named
    before: the habit is the father's."""
    active = [t for t in _active(turns, lang) if "olong" in t or "乌龙" in t]
    assert active and all(t.startswith("The user's father") for t in active), active


@pytest.mark.parametrize(("lang", "turns"), [
    ("pt", ["o meu chefe falou hoje na daily que ninguém pode chegar atrasado",
            "esquece tudo o que eu te contei sobre a Fernanda, tá? ela tá namorando"]),
    ("es", ["mi jefe dijo hoy en la reunión que nadie puede llegar tarde",
            "olvida todo lo que te conté sobre Fernanda, ¿vale? ella está saliendo con alguien"]),
    ("en", ["my boss said today nobody can be late",
            "forget everything I told you about Fiona, ok? she's seeing someone"]),
])
def test_a_pronoun_after_forget_about_someone_is_that_person(lang: str,
                                                             turns: list[str]) -> None:
    """"Forget what I told you about Fernanda, she …": she is Fernanda (forgotten too), not
    the boss mentioned before without a name."""
    active = _active(turns, lang)
    assert not any(t.startswith("The user's boss") for t in active), active


@pytest.mark.parametrize(("lang", "said", "word"), [
    ("en", "I sent the application off. and keep your fingers crossed for the flat", "flat"),
    ("de", "Bewerbung ist raus. und drück mir die Daumen für die Wohnung", "Wohnung"),
    ("fr", "dossier envoyé. je croise les doigts pour l'appartement", "appartement"),
    ("es", "ya mandé la solicitud. y cruza los dedos por el piso", "piso"),
    ("it", "ho mandato la domanda. e incrocia le dita per l'appartamento", "appartamento"),
    ("pt", "já mandei a candidatura. e torce por mim com o apartamento", "apartamento"),
    ("nl", "aanvraag is verstuurd. en duim voor me voor het appartement", "appartement"),
    ("zh", "申请已经交了。祝我好运能拿到那套房子", "房子"),
])
def test_wishing_luck_is_no_fact(lang: str, said: str, word: str) -> None:
    """"Keep your fingers crossed for the flat" asks the assistant for a wish: no fact (and no
    home)."""
    active = _active([said], lang)
    assert not any(word in t for t in active), active


@pytest.mark.parametrize(("lang", "said", "word"), [
    ("de", "Ach, und drück mir die Daumen für die Wohnung", "Wohnung"),
    ("fr", "bon, croisez les doigts pour l'appartement", "appartement"),
    ("es", "bueno, y cruza los dedos por el piso", "piso"),
    ("it", "beh, incrocia le dita per l'appartamento", "appartamento"),
    ("nl", "nou, duim voor me voor het appartement", "appartement"),
])
def test_a_request_after_an_interjection_is_still_a_request(lang: str, said: str,
                                                            word: str) -> None:
    active = _active([said], lang)
    assert not any(word in t for t in active), active
