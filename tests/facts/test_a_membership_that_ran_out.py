"""A membership, pass or subscription that ran out is the end of what it was for: "my Zen
Flow membership ran out last week" ends "I do yoga at Zen Flow twice a week" (the lapse
itself, a dated event, may stay), in every
language, as "I cancelled my membership" does (the lapse is the cessation, said with a
membership noun: "I ran out of milk" stops nothing). Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart

_MARCH = datetime(2026, 3, 2, 8, 0, tzinfo=UTC)

RAN_OUT = [
    ("en", "I do yoga at Zen Flow twice a week.",
     "My Zen Flow membership ran out last week.", "zen flow", "yoga"),
    ("en", "I swim at the Aquatica pool every Monday.",
     "The Aquatica season pass expired in February.", "aquatica", "swim"),
    ("de", "Ich mache zweimal die Woche Yoga im Studio Lotus.",
     "Mein Abo im Studio Lotus ist letzte Woche ausgelaufen.", "lotus", "yoga"),
    ("de", "Ich klettere immer in der Boulderwelt.",
     "Die Mitgliedschaft in der Boulderwelt ist abgelaufen.", "boulderwelt", "klettere"),
    ("fr", "Je fais du pilates chez Studio Lumière le jeudi.",
     "Mon abonnement chez Studio Lumière a expiré le mois dernier.", "lumière", "pilates"),
    ("fr", "Je nage à la piscine Molitor le samedi.",
     "L'abonnement à Molitor est arrivé à échéance en janvier.", "molitor", "nage"),
    ("es", "Voy a yoga en Zen Flow dos veces por semana.",
     "El abono de Zen Flow venció la semana pasada.", "zen flow", "yoga"),
    ("es", "Entreno en el gimnasio Altafit de Chamberí.",
     "Mi cuota de Altafit caducó en enero.", "altafit", "entreno"),
    ("it", "Nuoto alla piscina Nettuno il martedì.",
     "L'abbonamento alla Nettuno è scaduto a febbraio.", "nettuno", "nuoto"),
    ("it", "Il giovedì faccio pilates da Studio Aurora.",
     "La tessera di Studio Aurora è scaduta la settimana scorsa.", "aurora", "pilates"),
    ("pt", "Às quintas faço pilates no Studio Ipê.",
     "A mensalidade do Studio Ipê venceu semana passada.", "ipê", "pilates"),
    ("pt", "Nado na piscina do clube Tijuca aos sábados.",
     "Minha matrícula no clube Tijuca expirou em janeiro.", "tijuca", "nado"),
    ("nl", "Ik doe twee keer per week yoga bij Studio Lotus.",
     "Mijn abonnement bij Studio Lotus is vorige week verlopen.", "lotus", "yoga"),
    ("nl", "Ik klim elke dinsdag bij Klimhal Monk.",
     "Het lidmaatschap van Monk is in januari afgelopen.", "monk", "klim"),
    ("zh", "我在晨星瑜伽上课，一周两次。", "晨星瑜伽的会员上礼拜到期了。", "晨星", "上课"),
    ("zh", "我每个星期六在海豚游泳馆游泳。", "海豚游泳馆的年卡上个月过期了。", "海豚",
     "游泳馆游泳"),
]


def _facts(*turns: str, lang: str) -> list[tuple[str, str]]:
    with said_a_day_apart(*turns, start=_MARCH, user_id="ines", lang=lang, days=30) as memory:
        return [(str(f.status).rsplit(".", 1)[-1].casefold(), f.text.casefold())
                for f in memory.facts.history(user_id="ines")]


@pytest.mark.parametrize(("lang", "before", "after", "name", "activity"), RAN_OUT,
                         ids=[f"{c[0]}-{c[3]}" for c in RAN_OUT])
def test_a_membership_that_ran_out_ends_what_it_was_for(lang: str, before: str, after: str,
                                                        name: str, activity: str) -> None:
    facts = _facts(before, after, lang=lang)
    assert not [t for s, t in facts if s == "active" and activity in t], facts
    assert [t for s, t in facts if s == "superseded" and name in t], facts


def test_running_out_of_something_else_ends_nothing() -> None:
    facts = _facts("I do yoga at Zen Flow twice a week.",
                   "I ran out of oat milk this morning.", lang="en")
    assert [t for s, t in facts if s == "active" and "zen flow" in t], facts
