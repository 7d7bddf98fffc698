"""Homes looked for, jobs begun, partners named in passing and days put right, as people
say them in chat:

- "Jonas und ich suchen ne Wohnung in Pempelfort" is a search (no vacancy, no home yet);
  "seit drei wochen wohn ich mit jonas in pempelfort" is the home; "we'd love somewhere in
  Chorlton" is a wish, not where the user lives;
- a remark about "the new house" that names no place keeps the home said before;
- "Am 1. Oktober fang ich bei der Rheinbahn an" is the new employer, and ends the old one;
- "ho mandato il curriculum a un forno di Bra …", then "terza settimana finita al forno" is
  the new workplace;
- "Kerry's making me a cuppa. He's my husband": a name that opens a sentence doing
  something is who "he" is, not the user;
- "il mio moroso Dario" is a boyfriend; "jsuis avec lucas depuis 2 mois" a new partner and
  "kevin et moi c fini" the end of the last one;
- "hace meses te dije que … ¡Me confundí!" and "Disse-lhe que era a 9, mas é a 23 de
  maio" put right what was said; "当我没说过：…" takes back only what it points at;
- "住列治文一个公寓" is where the user lives; "ma vieille Twingo … la route de Superbesse"
  calls the car old, not the job at Superbesse;
- "since mon the 28th", said after the 28th, is a day gone by; "8 on 6 off" is no day and
  "a gold mine" no "the user's";
- "O meu irmão Nuno casa-se com a Filipa" names a sister-in-law; "掌柜的", "丫头" are kin;
- "ich hab dir vor wochen erzählt, dat …" then "stimmt gar nich, …" is no fact of its own;
  a laugh ends what someone else says; "mi tía otra vez con lo de …" is her story, not the
  user's.

Sentences written for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime

from lucidmem.facts.temporal import find_temporal

from .conftest import history_facts

_DAY = datetime(2026, 1, 10, 9, 0, tzinfo=UTC)


def _facts(*turns: str, lang: str) -> list[tuple[str, str, str]]:
    return history_facts(*turns, start=_DAY, lang=lang, days=40)


def _active(facts: list[tuple[str, str, str]]) -> list[str]:
    return [t for st, s, t in facts if st == "active"]


def test_a_flat_looked_for_together_is_no_vacancy_and_no_home_yet() -> None:
    facts = _facts("wohn noch bei meiner oma in wersten, mit 29, ich weiß",
                   "jonas, mein kumpel aus der schule, und ich suchen ne wohnung zu zweit in "
                   "pempelfort. was muss ich fragen?",
                   "seit drei wochen wohn ich mit jonas in pempelfort!! endlich ne eigene bude",
                   lang="de")
    assert not any("works at" in t for st, s, t in facts), facts
    assert not any(st == "active" and "wersten" in t for st, s, t in facts), facts
    assert any("pempelfort" in t and "seit drei wochen" in t for t in _active(facts)), facts
    assert not any("suchen ne wohnung" in t and "(home)" in t for st, s, t in facts), facts


def test_a_wish_for_a_place_is_not_where_the_user_lives() -> None:
    facts = _facts("Our flat in Hulme is freezing again.",
                   "Dev and I are looking for a house to buy. We'd love somewhere in Chorlton, "
                   "near the park.", lang="en")
    assert any("Hulme" in t for t in _active(facts)), facts
    assert not any(t == "The user lives in Chorlton" for st, s, t in facts), facts


def test_a_remark_about_the_new_house_keeps_the_home_it_names() -> None:
    facts = _facts("Two weeks in the new house in Chorlton and the neighbours already brought "
                   "us a cake.",
                   "It's the first time we're having the whole family round at the new house, "
                   "Grandad included.", lang="en")
    assert any("Chorlton" in t for t in _active(facts)), facts


def test_starting_at_a_place_on_a_day_in_spoken_german() -> None:
    facts = _facts("ich sitz ja seit neun Jahren bei Edeka an der Kasse.",
                   "Stell dir vor, Prüfung bestanden! Am 1. Oktober fang ich bei der Rheinbahn "
                   "an.", lang="de")
    assert any(t.startswith("The user works at Rheinbahn") for t in _active(facts)), facts
    assert any(st == "superseded" and t == "The user works at Edeka"
               for st, s, t in facts), facts


def test_a_cv_sent_then_the_weeks_spent_there() -> None:
    facts = _facts("faccio il magazziniere alla Lavazza di Settimo.",
                   "ho mandato il curriculum a un forno di Bra che fa la biova, cercano un "
                   "apprendista fornaio.",
                   "terza settimana finita al forno!!! mi alzo alle 3 ma che profumo", lang="it")
    assert any(t.startswith("The user works at forno di Bra") for t in _active(facts)), facts


def test_a_name_opening_a_sentence_is_who_he_is() -> None:
    facts = _facts("I'm Siobhan from number 12, by the way.",
                   "Kerry's making me a cuppa before my shift. He's my husband, a bus driver "
                   "in Salford.", lang="en")
    assert any(t.startswith("The user's husband is Kerry") or
               t.startswith("The user's partner is Kerry") for t in _active(facts)), facts
    assert not any("is Siobhan" in t and ("husband" in t or "partner" in t)
                   for st, s, t in facts), facts


def test_moroso_is_a_boyfriend() -> None:
    facts = _facts("Il mio moroso Dario dice che cucino da schifo.", lang="it")
    assert any(t == "The user's boyfriend (moroso) is Dario" for t in _active(facts)), facts


def test_french_chat_breakup_and_the_next_partner() -> None:
    facts = _facts("mon copain kevin trouve que jpasse trop de temps au club mdr",
                   "au fait kevin et moi c fini, depuis 2 semaines. tkt ça va",
                   "et jsuis avec lucas depuis 2 mois, il est boulanger à pointe-noire",
                   lang="fr")
    assert any(st == "superseded" and "is Kevin" in t for st, s, t in facts), facts
    assert any(t.startswith("The user's partner is Lucas") for t in _active(facts)), facts
    assert not any("Kevin" in t and "boyfriend" in t for t in _active(facts)), facts


def test_told_months_ago_then_a_mistake_said_alone() -> None:
    facts = _facts("Julián, mi marido, es hincha de Gimnasia desde chico.",
                   "Y ojo con una cosa: hace meses te dije que era hincha de Gimnasia. ¡Me "
                   "confundí feo! Es del Lobo de toda la vida.", lang="es")
    assert not any("Gimnasia" in t for t in _active(facts)), facts
    assert not any("te dije" in t for st, s, t in facts), facts


def test_a_day_put_right_bare_after_the_wrong_one() -> None:
    facts = _facts("A minha irmã Rita casa-se com o Tiago no dia 9 de maio, em Amarante.",
                   "Enganei-me quando lhe disse a data. Disse-lhe que era a 9, mas é a 23 de "
                   "maio, um sábado.", lang="pt")
    assert any("Rita" in t and "23 May 2026" in t for t in _active(facts)), facts
    assert not any("9 May" in t for t in _active(facts)), facts


def test_a_chinese_retraction_with_its_reason_after_a_colon() -> None:
    facts = _facts("我在中山路一家书店当店员。", "跟你说个事：我们楼要拆了，年底前都得搬走。",
                   "我到图书馆上班三个礼拜了！",
                   "对了，上次我说我们楼要拆，那个你就当我没说过：是我看错了，那是别人发的旧新闻。",
                   lang="zh")
    assert any("图书馆" in t for t in _active(facts)), facts
    assert not any("要拆" in t for t in _active(facts)), facts


def test_chinese_living_somewhere_said_without_i() -> None:
    facts = _facts("哈喽 我阿美 在温哥华一家银行上班 住列治文一个公寓 暖气坏了 帮我写个消息",
                   lang="zh")
    assert any("(home)" in t and "列治文" in t for t in _active(facts)), facts


def test_an_old_car_is_the_car_not_the_place_on_its_road() -> None:
    facts = _facts("Je suis monitrice de ski à Superbesse, l'hiver.",
                   "Ma vieille Twingo a eu du mal à monter la route de Superbesse ce matin.",
                   lang="fr")
    assert any("monitrice" in t for t in _active(facts)), facts


def test_a_shortened_weekday_before_a_day_said_since() -> None:
    said = datetime(2025, 8, 16, 9, 0, tzinfo=UTC)
    found = find_temporal("been at the depot since mon the 28th", said)
    assert found is not None and found.start is not None
    assert found.start.date() == datetime(2025, 7, 28).date()


def test_a_brother_marrying_in_portuguese_names_a_sister_in_law() -> None:
    facts = _facts("O meu irmão Nuno casa-se com a Filipa em setembro, em Lamego.", lang="pt")
    assert any(t.startswith("The user's sister-in-law is Filipa") for t in _active(facts)), facts


def test_northwestern_chinese_words_for_husband_and_daughter() -> None:
    facts = _facts("我掌柜的李强开货车，天天在外头跑。丫头小雨今年上初一，最爱吃凉皮。", lang="zh")
    active = _active(facts)
    assert any(t.startswith("The user's husband (掌柜的) is 李强") for t in active), facts
    assert any(t.startswith("The user's daughter (丫头) is 小雨") for t in active), facts


def test_a_laugh_ends_what_someone_else_said() -> None:
    facts = _facts("mein onkel jupp sagt, er hat als kind am rhein muscheln verkauft 😂 ich wohn "
                   "übrigens seit zwei jahren in bilk", lang="de")
    assert any("bilk" in t for t in _active(facts)), facts


def test_what_was_told_then_called_wrong_next_is_no_fact() -> None:
    facts = _facts("mein bruder tim wohnt in krefeld, der kommt zum karneval rüber.",
                   "ich muss wat richtigstellen: ich hab dir vor wochen erzählt, dat tim in "
                   "krefeld wohnt. stimmt gar nich, der wohnt in moers!", lang="de")
    assert not any("krefeld" in t for t in _active(facts)), facts
    assert not any(s == "user" and "(home)" in t for st, s, t in facts), facts


def test_a_relative_again_with_the_same_story_is_no_fact() -> None:
    for said, lang, word in (
            ("y mi tía otra vez con lo de irme a Madrid, dice que allá hay trabajo", "es",
             "Madrid"),
            ("o meu avô de novo com a história do concurso dos correios, já nem respondo", "pt",
             "correios"),
            ("mia nonna di nuovo con la storia del posto in banca a Cuneo", "it", "banca")):
        facts = _facts(said, lang=lang)
        assert not any(word in t for st, s, t in facts), (lang, facts)


def test_a_mine_is_a_place_and_a_roster_is_no_day() -> None:
    facts = _facts("im dazza btw, sparky at a gold mine out of kalgoorlie, 8 on 6 off", lang="en")
    said = " ".join(t for st, s, t in facts)
    assert "gold mine" in said.casefold(), facts
    assert "the user's out of" not in said and "March" not in said, facts
