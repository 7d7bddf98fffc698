"""A change of a single-valued thing said in passing, in every language where the shape
exists, with sentences written for these tests: the new value said as a given ("since I've
been at X", "seit ich bei X bin", "desde que tô na X", a shift out of a station, a switch to a
brand) and the old value recalled as past or set against now ("I used to walk to X", "sinto
falta do X", "y yo que me quejaba de X", "e eu que achava X barulhenta", "my old X"). The
new value ends the old one; a remark that recalls the old one ends it and is history itself.
And what must not happen: "I miss my mum", "since I've been at the gym", "my old friend
Tom", "I used to walk to X, now I cycle there" end nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lucidmem.records import Status

from .conftest import said_a_day_apart

_START = datetime(2025, 3, 3, 10, 0, tzinfo=UTC)


def _current(*turns: str) -> str:
    with said_a_day_apart(*turns, start=_START, user_id="u") as memory:
        return " | ".join(f.text for f in memory.facts.list(user_id="u"))


def _ended(*turns: str, name: str) -> list[tuple[Status, datetime | None]]:
    """(status, valid_to) of every version of the facts that name ``name``."""
    with said_a_day_apart(*turns, start=_START, user_id="u") as memory:
        return [(f.status, f.valid_to) for f in memory.facts.history(user_id="u")
                if name.casefold() in f.text.casefold()]


@pytest.mark.parametrize(("old", "new", "old_name", "new_name"), [
    ("I work at Harbour Foods in Leeds.",
     "since I've been at Kestrel Logistics I cycle every morning", "Harbour", "Kestrel"),
    ("Ich arbeite bei Siemens in Erlangen.",
     "seit ich bei Bosch bin, fahre ich jeden Morgen eine Stunde", "Siemens", "Bosch"),
    ("Je travaille chez Decathlon à Lille.",
     "depuis que je suis chez Leroy Merlin je prends le bus tous les matins", "Decathlon",
     "Leroy Merlin"),
    ("Ik werk bij Philips in Eindhoven.",
     "sinds ik bij ASML zit fiets ik elke ochtend twintig minuten", "Philips", "ASML"),
    ("Trabajo en la farmacia Cruz Verde.",
     "desde que estoy en el Hospital Metropolitano duermo fatal", "Cruz Verde",
     "Metropolitano"),
    ("Lavoro alla Cascina Bricco Rosso.",
     "da quando sono alla cantina sociale di Neive mi faccio mezz'ora di curve ogni mattina",
     "Bricco", "Neive"),
    ("Trabalho no Café Capivara.",
     "desde que tô na torrefação Araucária não tiro mais nenhum espresso", "Capivara",
     "Araucária"),
])
def test_since_i_have_been_at_a_new_workplace(old: str, new: str, old_name: str,
                                              new_name: str) -> None:
    current = _current(old, new)
    assert "works at" in current and new_name in current
    assert old_name not in current
    assert all(status is not Status.ACTIVE for status, _ in _ended(old, new, name=old_name))


@pytest.mark.parametrize(("old", "new", "old_name", "new_name"), [
    ("just in from a 12 hour shift on the ambulances out of Benton station, feet are killing me",
     "back out to Hexham tomorrow, early shift, seven till seven", "Benton", "Hexham"),
    ("just reach home from work, 14 hours pon the line at Coral Cove resort",
     "first week at Sugar Mill Bay done!! kitchen have proper air condition", "Coral Cove",
     "Sugar Mill Bay"),
    # a first week said whole ("completa", "completica") is a first week there too
    ("Soy recepcionista en Dental Norte desde hace seis años.",
     "primera semana completica en Clínica Aurora y qué diferencia, la nueva jefa es un amor",
     "Norte", "Clínica Aurora"),
    ("Trabalho na Padaria Estrela há três anos.",
     "Primeira semana completa na Confeitaria Lua, já sei fazer o bolo de rolo", "Estrela",
     "Confeitaria Lua"),
])
def test_a_workplace_said_through_a_shift_or_a_first_week(old: str, new: str, old_name: str,
                                                          new_name: str) -> None:
    current = _current(old, new)
    assert f"The user works at {new_name}" in current
    assert old_name not in current


@pytest.mark.parametrize(("old", "new", "old_name", "new_name"), [
    ("我的相机是佳能5D。", "换咗索尼之后轻咗好多，拍一整日婚礼腰都唔痛", "佳能", "索尼"),
    ("Mein Auto ist ein Lada Niva.",
     "Seit ich auf den Dacia Duster umgestiegen bin, komm ich überall hoch", "Niva", "Duster"),
])
def test_a_switch_to_a_thing_named_by_its_brand(old: str, new: str, old_name: str,
                                                 new_name: str) -> None:
    current = _current(old, new)
    assert new_name in current
    assert old_name not in current


@pytest.mark.parametrize(("old", "recalled", "old_name"), [
    ("I work at Harbour Foods in Leeds.",
     "since I've been at Kestrel Logistics I cycle every morning, I used to walk to "
     "Harbour Foods", "Harbour"),
    ("trabajo en la farmacia de La Floresta.",
     "recién salgo del turno de noche en el Metropolitano, estoy muerta. y yo que me quejaba "
     "de que la farmacia de La Floresta cerraba a las diez, qué ilusa", "Floresta"),
    ("trabalho no Café Capivara, no Batel, e amanhã cedo tem aquele cliente chato.",
     "desde que tô na torrefação Araucária não tiro mais nenhum espresso. sinto falta do "
     "balcão do Batel, mas o salário aqui é outro", "Batel"),
    ("moro em Achada Santo António, é um saltinho",
     "o vizinho de cima aqui em Palmarejo arrasta móveis às 11 da noite. e eu que achava "
     "Achada Santo António barulhenta", "Achada"),
    ("I work at the Riverside Clinic in Hull.", "I do miss the tea room at Riverside, honestly",
     "Riverside"),
    ("Lavoro alla Libreria Feltrinelli di Padova.",
     "alla Feltrinelli ci andavo a piedi in cinque minuti, che nostalgia", "Feltrinelli"),
    ("I drive a Honda Civic.", "I miss my old Honda, the Tesla is too quiet", "Honda"),
    ("al mercato ci vado con la Punto, ha vent'anni ma tiene",
     "la mia Punto l'ho portata allo sfasciacarrozze la settimana scorsa", "Punto"),
])
def test_the_old_value_recalled_as_past_is_over(old: str, recalled: str,
                                                old_name: str) -> None:
    assert old_name not in _current(old, recalled)
    versions = _ended(old, recalled, name=old_name)
    assert versions and all(status is not Status.ACTIVE for status, _ in versions)
    assert all(valid_to is not None for _, valid_to in versions)


@pytest.mark.parametrize(("held", "said", "kept"), [
    ("I work at Harbour Foods in Leeds.", "I miss my mum, she lives in Spain", "Harbour Foods"),
    ("I work at Tesco.", "since I've been at the gym I sleep better", "Tesco"),
    ("I work at Tesco.", "since I've been at Anytime Fitness I sleep better", "Tesco"),
    ("I work at Tesco.", "since I joined Parkrun I sleep better", "Tesco"),
    ("I live in Leeds.", "I'm used to Leeds by now, the rain too", "lives in Leeds"),
    ("I work at Harbour Foods in Leeds.", "my old friend Tom came round last night",
     "Harbour Foods"),
    ("I work at Harbour Foods in Leeds.", "I used to walk to Harbour Foods, now I cycle there",
     "Harbour Foods"),
    ("Trabajo en la farmacia Cruz Verde.", "desde que estoy en Madrid duermo fatal",
     "Cruz Verde"),
    ("Trabalho no Café Capivara.", "desde que tô no Porto não tiro mais férias", "Capivara"),
    ("Ich arbeite bei Siemens.", "seit ich bei Anna wohne, koche ich mehr", "Siemens"),
])
def test_what_only_looks_like_a_change_ends_nothing(held: str, said: str, kept: str) -> None:
    assert kept in _current(held, said)


@pytest.mark.parametrize(("home", "said", "kept"), [
    ("moro em Achada Santo António, é um saltinho",
     "nha mãe ainda vive em Assomada e liga todos os dias", "The user lives in Achada"),
    ("moro em Mindelo", "nha irmã mora na Praia agora", "The user lives in Mindelo"),
])
def test_a_cape_verdean_possessive_names_a_relative(home: str, said: str, kept: str) -> None:
    """"nha mãe" (Kriolu, "my mother") is the user's mother: where she lives is no new home
    of the user's."""
    assert kept in _current(home, said)


def test_a_hungarian_line_after_a_colon_is_an_example() -> None:
    """Once the new workplace no longer reads as a drink, the Hungarian line a customer
    taught ("Nem iszom kávét, csak teát") must not stand as the user's drink either."""
    current = _current("Trabalho no Café Capivara.",
                       "um cliente húngaro me ensinou isso hoje e eu fiquei repetindo o dia "
                       "inteiro: Nem iszom kávét, csak teát. sei lá o que significa kkk")
    assert "teát" not in current
    assert "Capivara" in current


def test_weeks_said_ahead_are_no_time_at_a_workplace() -> None:
    """"in three weeks at the Freeman" is a day to come (an operation), not three weeks
    worked there: the shift station held stays the workplace."""
    current = _current("just in from a 12 hour shift on the ambulances out of Benton station",
                       "me mam is getting her hip done in three weeks at the Freeman")
    assert "The user works at Benton" in current
    assert "works at Freeman" not in current


@pytest.mark.parametrize("said", [
    "Un der Disponent hat mer für Juni nur Frühschicht gegebe, jeden Tach um halb fünf uff",
    "Vorgestern war mei erschter Tag im Werk in Untertürkheim",
])
def test_a_month_or_a_kind_alone_is_no_employer(said: str) -> None:
    """A shift "für Juni" names a month, "im Werk" only a kind of workplace: no employer is
    called "Juni" or "Werk"."""
    current = _current("Ich arbeite bei Daimler.", said)
    assert "works at Juni" not in current and "works at Werk" not in current


@pytest.mark.parametrize(("old", "recalled", "old_name"), [
    ("busy morning, I'm a barista at Copper Kettle on Mill Lane and the grinder broke again",
     "started at the bakery on Rose Street this week, I do miss the regulars at Copper Kettle",
     "Copper Kettle"),
    ("sono cameriere al bar Duomo e faccio sempre il turno lungo del sabato",
     "da lunedì sono al ristorante Vesuvio. mi mancano i colleghi del Duomo", "Duomo"),
    ("ik sta elke zaterdag achter de kassa bij bakkerij Vermeulen, om zes uur op",
     "sinds maart werk ik bij de Jumbo. ik mis de collega's van Vermeulen", "Vermeulen"),
])
def test_a_remark_recalling_a_name_ends_the_clauses_that_name_it(old: str, recalled: str,
                                                                 old_name: str) -> None:
    """The old place said in a clause that was not read as a workplace ("I'm a barista at
    Copper Kettle … the grinder broke") is over once a remark misses it by its name."""
    assert old_name not in _current(old, recalled)
    versions = _ended(old, recalled, name=old_name)
    assert versions and all(status is not Status.ACTIVE for status, _ in versions)
