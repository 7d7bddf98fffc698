"""People seldom say "I left my job" when they change it; they thank the old crew for a leaving
present. A send-off from the old workplace ends the job held before that sitting (not a new
job said in the same sitting), and is itself no fact to keep. A farewell for a move, a present
from old colleagues for a birthday, a send-off given to someone else or only imagined ends
nothing. Also here, what such conversations say around it: a vacancy the user answers is no job
of theirs, a Dutch sentence that opens with an adverb is the user's own, and a job said after
the user's name in lowercase chat, or a first stretch said as an internship, a fortnight or a
count of weeks, is the user's job, and it ends a Chinese job fact that names another
workplace. Sentences written for these tests."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

import pytest

from lucidmem import Memory
from lucidmem.clock import ManualClock

_MARCH = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
_WORK = ("works_at", "occupation")


@contextmanager
def sittings(*turns: str, lang: str) -> Iterator[Memory]:
    """A fresh in-memory Memory after ``turns``: one starting with "@" opens a sitting five
    weeks on, the others follow the turn before by five minutes."""
    clock = ManualClock(_MARCH)
    memory = Memory(":memory:", clock=clock)
    try:
        for number, turn in enumerate(turns):
            if number:
                clock.now += timedelta(weeks=5) if turn.startswith("@") else \
                    timedelta(minutes=5)
            memory.add([{"role": "user", "content": turn.removeprefix("@"),
                         "timestamp": clock.now.isoformat()}],
                       user_id="u", metadata={"language": lang})
        yield memory
    finally:
        memory.close()


def _work_now(*turns: str, lang: str) -> list[str]:
    with sittings(*turns, lang=lang) as memory:
        return [f.text for f in memory.facts.list(user_id="u") if f.predicate in _WORK]


SEND_OFFS = {
    # (the job held, the send-off in a later sitting, a word of the old job)
    "en": ("I'm a dispatcher at Harlow Freight.",
           "@Can you help me with a thank-you card for my old team? They got me a leaving "
           "cake shaped like a lorry.", "Harlow"),
    "de": ("Ich arbeite als Verkäuferin bei Bäckerei Wendt.",
           "@Meine alten Kolleginnen haben mir zum Abschied einen Gutschein geschenkt, so lieb.",
           "Wendt"),
    "fr": ("Je suis caissière chez Monoprix.",
           "@Mes anciens collègues m'ont offert un bouquet énorme pour mon départ.", "Monoprix"),
    "es": ("Trabajo de recepcionista en el Hotel Miramar.",
           "@Las chicas del hotel me hicieron una despedida con tarta y todo.", "Miramar"),
    "it": ("Lavoro come commessa alla Feltrinelli.",
           "@I miei ex colleghi mi hanno regalato una borsa bellissima.", "Feltrinelli"),
    "pt": ("Trabalho como caixa no Pão de Açúcar.",
           "@O pessoal da loja me deu um bolo de despedida, chorei.", "Açúcar"),
    "nl": ("Ik werk als kok bij De Gouden Leeuw.",
           "@Mijn oud-collega's gaven me bij het afscheid een koksmes met mijn naam erop.",
           "Leeuw"),
    "zh": ("我在顺丰做快递员。", "@老同事们给我办了欢送会，还送了我一个保温杯。", "顺丰"),
}


@pytest.mark.parametrize("lang", sorted(SEND_OFFS))
def test_a_send_off_ends_the_job_held(lang: str) -> None:
    job, send_off, old = SEND_OFFS[lang]
    assert any(old in f for f in _work_now(job, lang=lang))
    with sittings(job, send_off, lang=lang) as memory:
        facts = memory.facts.list(user_id="u")
        history = memory.facts.history(user_id="u")
    seen = [(f.predicate, f.text) for f in facts]
    assert not any(f.predicate in _WORK and old in f.text for f in facts), seen
    assert any(f.predicate in _WORK and old in f.text for f in history), seen  # history
    assert not any("left their job" in f.text for f in history), seen  # no fact of its own


@pytest.mark.parametrize(("lang", "turns", "new"), [
    ("en", ("I'm a dispatcher at Harlow Freight.",
            "@First week at Brookfield Logistics done!",
            "Could you write a thank-you for my old crew? They gave me a leaving card."),
     "Brookfield"),
    ("nl", ("Ik werk als kok bij De Gouden Leeuw.",
            "@Mijn eerste week bij Hotel Arena zit erop!",
            "Mijn oude collega's gaven me bij het afscheid een koksmes."), "Arena"),
    # a send-off weeks after the new job was said ends the old one, not the new one
    ("en", ("I'm a dispatcher at Harlow Freight.", "@I started at Brookfield Logistics today!",
            "@My old crew finally threw me a leaving do, they gave me a signed hi-vis."),
     "Brookfield"),
])
def test_a_new_job_said_in_the_same_sitting_stays(lang: str, turns: tuple[str, ...],
                                                  new: str) -> None:
    work = _work_now(*turns, lang=lang)
    assert any(new in f for f in work), work
    assert not any("Harlow" in f or "Leeuw" in f for f in work), work


@pytest.mark.parametrize(("lang", "job", "remark"), [
    # a farewell for a move
    ("en", "I'm a dispatcher at Harlow Freight.",
     "@My neighbours threw me a farewell party before the move, they gave me a plant."),
    # old colleagues, another occasion
    ("en", "I'm a dispatcher at Harlow Freight.",
     "@My old colleagues from the bank got me a birthday cake, so sweet of them."),
    # a send-off given to someone else
    ("en", "I'm a dispatcher at Harlow Freight.",
     "@We gave Tom a leaving cake today, he's off to Canada."),
    ("en", "I'm a dispatcher at Harlow Freight.",
     "@We got a leaving card for Tom from the old team, he's off to Canada."),
    ("de", "Ich arbeite als Verkäuferin bei Bäckerei Wendt.",
     "@Wir haben der Anna zum Abschied einen Gutschein geschenkt."),
    # only imagined
    ("en", "I'm a dispatcher at Harlow Freight.",
     "@If I ever left, my old team would probably give me a leaving cake shaped like a lorry."),
])
def test_other_goodbyes_end_no_job(lang: str, job: str, remark: str) -> None:
    work = _work_now(job, remark, lang=lang)
    assert any("Harlow" in f or "Wendt" in f for f in work), work


@pytest.mark.parametrize(("lang", "turns", "vacancy"), [
    ("en", ("I'm a dispatcher at Harlow Freight.",
            "@Could you check my application? Tollgate Garage is hiring a trainee mechanic."),
     "Tollgate"),
    ("nl", ("Ik werk als kok bij De Gouden Leeuw.",
            "@Kun je helpen met een sollicitatiebrief? Zorgcentrum De Linde hier in Assen "
            "zoekt een medewerker huishouding."), "Linde"),
    ("de", ("Ich arbeite als Verkäuferin bei Bäckerei Wendt.",
            "@Kannst du mir bei einer Bewerbung helfen? Die Stadtbibliothek Kassel sucht eine "
            "Fachangestellte."), "Kassel"),
])
def test_a_vacancy_is_no_job_of_the_user(lang: str, turns: tuple[str, ...],
                                         vacancy: str) -> None:
    work = _work_now(*turns, lang=lang)
    assert not any(vacancy in f for f in work), work
    assert any("Harlow" in f or "Leeuw" in f or "Wendt" in f for f in work), work


@pytest.mark.parametrize("sentence", [
    "Doordeweeks zit ik aan de balie bij de gemeente Zwolle.",
    "Tegenwoordig werk ik bij de gemeente Zwolle.",
])
def test_a_dutch_sentence_opening_with_an_adverb_is_the_users(sentence: str) -> None:
    with sittings(sentence, lang="nl") as memory:
        facts = memory.facts.list(user_id="u")
    seen = [(f.subject, f.predicate, f.text) for f in facts]
    assert any(f.subject == "user" and f.predicate == "works_at" for f in facts), seen
    assert not any(f.subject in ("Doordeweeks", "Tegenwoordig") for f in facts), seen


@pytest.mark.parametrize(("lang", "turns", "old", "new"), [
    # the job said after the user's name in lowercase chat ends with a first stretch elsewhere
    ("en", ("hiya im dani btw, cook at the wobbly goose on canal street",
            "@2 wks at brightside catering done!! my feet r killing me"),
     "Wobbly", "Brightside"),
    ("en", ("I'm a dispatcher at Harlow Freight.", "@First fortnight at Kestrel Labs done!"),
     "Harlow", "Kestrel"),
    ("pt", ("trabalho de garçonete no bar do zé",
            "@primeira semana de estágio na vale feita!! amei"), "zé", "Vale"),
    ("de", ("Ich arbeite als Verkäuferin bei Bäckerei Wendt.",
            "@Erste Woche Praktikum bei Siemens Healthineers geschafft!"), "Wendt", "Siemens"),
    # a Chinese job fact names its workplace without capitals
    ("zh", ("我叫小敏，在人民路的一家奶茶店做店员。", "@我在顺丰上班的第一周结束了！"),
     "奶茶店", "顺丰"),
])
def test_a_first_stretch_ends_the_job_said_in_chat(lang: str, turns: tuple[str, ...], old: str,
                                                   new: str) -> None:
    work = _work_now(*turns, lang=lang)
    assert any(new in f for f in work), work
    assert not any(old in f for f in work), work


@pytest.mark.parametrize(("lang", "job", "first", "old", "new"), [
    # a first stretch at a workplace ends a job that names no other workplace by its capitals
    ("zh", "我叫小敏，在人民路的一家奶茶店做店员。", "@我在顺丰上班的第一周结束了！店长人很好。",
     "奶茶店", "顺丰"),
    ("en", "I'm a cashier, three years now, standing at the till all day.",
     "@First week at Marlow Dental done, Dr Shah is lovely.", "cashier", "Marlow"),
])
def test_a_first_stretch_elsewhere_ends_the_job_held(lang: str, job: str, first: str,
                                                     old: str, new: str) -> None:
    work = _work_now(job, first, lang=lang)
    assert any(new in f for f in work), work
    assert not any(old in f for f in work), work


@pytest.mark.parametrize(("lang", "turns", "kept"), [
    # the first month at the workplace the job names is the same job
    ("en", ("I'm a nurse at Kingsmead Hospice.", "@First month at Kingsmead done, I love it."),
     "nurse"),
    # someone else's first week ends none of the user's
    ("en", ("I'm a cashier at Kwik Mart.",
            "@My brother Sam finished his first week at Halden Foods, he's buzzing."), "Kwik"),
])
def test_a_first_stretch_keeps_the_same_job_and_others_jobs(lang: str, turns: tuple[str, ...],
                                                             kept: str) -> None:
    with sittings(*turns, lang=lang) as memory:
        facts = [f.text for f in memory.facts.list(user_id="u")]
    assert any(kept in f for f in facts), facts
