"""Supersessions and corrections said in eight languages, written by hand for the facts6
round (not taken from the truth set): each case is two turns a day apart; it is right when an
active fact holds the new value and none holds the old one. It shows which ways of saying a
change or a correction the offline reader covers; the cases were written while the rules
were, so it measures coverage, not generalisation (that is ``bench/truth.py``'s test half).

    PYTHONPATH=src python bench/sentence_pairs.py            # failures and the score
    PYTHONPATH=src python bench/sentence_pairs.py --all      # every case
"""

from __future__ import annotations

import argparse
from datetime import UTC, datetime, timedelta

from lucidmem import Memory
from lucidmem.clock import ManualClock

START = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)  # a Saturday

Case = tuple[str, list[str], str, str]
"""(language, two turns, a string an active fact must hold, a string none may hold)."""

CASES: list[Case] = [
    ("en", ["I live in Leeds.", "I moved to Bristol last month."], "Bristol", "Leeds"),
    ("en", ["I drink coffee every morning.", "These days I only drink green tea."],
     "tea", "coffee"),
    ("en", ["I work at Tesco.", "I've got a new job at Aldi."], "Aldi", "Tesco"),
    ("en", ["I play tennis on Saturdays.", "I switched from tennis to padel."],
     "padel", "plays tennis"),
    ("en", ["My flight is on Friday.", "Correction: the flight is on Sunday, not Friday."],
     "Sunday", "Friday"),
    ("en", ["My brother is called Tom.", "Actually my brother's name is Tim, not Tom."],
     "Tim", "Tom"),
    ("de", ["Ich wohne in Köln.", "Ich bin nach Bonn gezogen."], "Bonn", "Köln"),
    ("de", ["Ich trinke morgens Kaffee.", "Ich trinke jetzt nur noch Tee."], "Tee", "Kaffee"),
    ("de", ["Ich arbeite bei Bosch.", "Seit Montag arbeite ich bei Siemens."], "Siemens", "Bosch"),
    ("de", ["Ich spiele Tennis.", "Ich spiele kein Tennis mehr, jetzt Padel."],
     "Padel", "spiele Tennis"),
    ("de", ["Mein Termin ist am Freitag.",
           "Korrektur: der Termin ist am Montag, nicht am Freitag."],
     "Monday", "Friday"),
    ("de", ["Meine Schwester heißt Anna.", "Ich hab mich vertan, sie heißt Hanna, nicht Anna."],
     "Hanna", "Anna "),
    ("fr", ["J'habite à Lyon.", "J'ai déménagé à Marseille."], "Marseille", "Lyon"),
    ("fr", ["Je bois du café le matin.", "Maintenant je ne bois plus que du thé."], "thé", "café"),
    ("fr", ["Je travaille chez Renault.", "J'ai un nouveau travail chez Airbus."],
     "Airbus", "Renault"),
    ("fr", ["Mon rendez-vous est vendredi.", "Je me suis trompé, c'est lundi, pas vendredi."],
     "Monday", "Friday"),
    ("es", ["Vivo en Madrid.", "Me mudé a Valencia."], "Valencia", "Madrid"),
    ("es", ["Tomo café por la mañana.", "Ahora solo tomo té."], "té", "café"),
    ("es", ["Trabajo en Telefónica.", "Tengo un trabajo nuevo en Inditex."],
     "Inditex", "Telefónica"),
    ("es", ["Mi cita es el viernes.", "Me equivoqué, es el lunes, no el viernes."],
     "Monday", "Friday"),
    ("it", ["Abito a Torino.", "Mi sono trasferita a Milano."], "Milano", "Torino"),
    ("it", ["Bevo caffè la mattina.", "Adesso bevo solo tè."], "tè", "caffè"),
    ("it", ["Lavoro alla Fiat.", "Ho un nuovo lavoro alla Ferrero."], "Ferrero", "Fiat"),
    ("it", ["Il mio appuntamento è venerdì.", "Mi sono sbagliata, è lunedì, non venerdì."],
     "Monday", "Friday"),
    ("pt", ["Moro em Lisboa.", "Mudei-me para o Porto."], "Porto", "Lisboa"),
    ("pt", ["Bebo café de manhã.", "Agora só bebo chá."], "chá", "café"),
    ("pt", ["Trabalho na Sonae.", "Tenho um emprego novo na Galp."], "Galp", "Sonae"),
    ("pt", ["A minha consulta é na sexta.", "Enganei-me, é na segunda, não na sexta."],
     "Monday", "Friday"),
    ("nl", ["Ik woon in Utrecht.", "Ik ben verhuisd naar Rotterdam."], "Rotterdam", "Utrecht"),
    ("nl", ["Ik drink 's ochtends koffie.", "Ik drink nu alleen nog thee."], "thee", "koffie"),
    ("nl", ["Ik werk bij Philips.", "Ik heb een nieuwe baan bij ASML."], "ASML", "Philips"),
    ("nl", ["Mijn afspraak is vrijdag.", "Foutje, het is maandag, niet vrijdag."],
     "Monday", "Friday"),
    ("zh", ["我住在北京。", "我搬到上海了。"], "上海", "北京"),
    ("zh", ["我每天早上喝咖啡。", "我现在只喝茶了。"], "茶", "咖啡"),
    ("zh", ["我在华为工作。", "我换工作了，现在在腾讯。"], "腾讯", "华为"),
    ("zh", ["我的预约在周五。", "说错了，是周一，不是周五。"], "Monday", "Friday"),
    ("es", ["Mi hermano se llama Pablo.", "En realidad mi hermano se llama Pedro, no Pablo."],
     "Pedro", "Pablo"),
    ("fr", ["Ma sœur s'appelle Claire.", "En fait ma sœur s'appelle Clara, pas Claire."],
     "Clara", "Claire"),
    ("it", ["Mia sorella si chiama Giulia.", "Scusa, mia sorella si chiama Giuliana, non Giulia."],
     "Giuliana", "Giulia "),
    ("nl", ["Mijn zus heet Eva.", "Eigenlijk heet mijn zus Eva-Lotte, niet Eva."],
     "Lotte", "zus is Eva"),
    ("pt", ["A minha irmã chama-se Rita.", "Na verdade a minha irmã chama-se Rute, não Rita."],
     "Rute", "Rita"),
    ("zh", ["我妹妹叫小雨。", "其实我妹妹叫小雪，不是小雨。"], "小雪", "小雨"),
    ("en", ["My exam is on Monday.", "Actually it's on Wednesday, not Monday."],
     "Wednesday", "Monday"),
    ("de", ["Ich wohne in Köln.", "Eigentlich wohne ich in Bonn, nicht in Köln."], "Bonn", "Köln"),
    ("en", ["I live in Leeds.", "We now live in York."], "York", "Leeds"),
    ("en", ["I smoke a few cigarettes a day.", "I stopped smoking in January."],
     "stopped", "smokes"),
    ("en", ["I'm vegetarian.", "I've gone vegan since last month."], "vegan", "vegetarian"),
    ("en", ["I work at Tesco.", "Started at Aldi on Monday."], "Aldi", "Tesco"),
    ("de", ["Ich wohne in Köln.", "Ich wohne jetzt in Bonn."], "Bonn", "Köln"),
    ("de", ["Ich arbeite bei Bosch.", "Ich habe eine neue Stelle bei Siemens."],
     "Siemens", "Bosch"),
    ("de", ["Ich bin Vegetarierin.", "Ich lebe jetzt vegan."], "vegan", "Vegetarierin"),
    ("fr", ["J'habite à Lyon.", "Maintenant j'habite à Nantes."], "Nantes", "Lyon"),
    ("fr", ["Je travaille chez Renault.", "Depuis lundi je travaille chez Airbus."],
     "Airbus", "Renault"),
    ("es", ["Vivo en Madrid.", "Ahora vivo en Sevilla."], "Sevilla", "Madrid"),
    ("es", ["Fumo.", "Dejé de fumar en enero."], "Dejé", "Fumo"),
    ("es", ["Trabajo en Telefónica.", "Desde el lunes trabajo en Inditex."],
     "Inditex", "Telefónica"),
    ("it", ["Abito a Torino.", "Adesso abito a Bologna."], "Bologna", "Torino"),
    ("it", ["Fumo.", "Ho smesso di fumare."], "smesso", "Fumo"),
    ("it", ["Lavoro alla Fiat.", "Da lunedì lavoro alla Barilla."], "Barilla", "Fiat"),
    ("pt", ["Moro em Lisboa.", "Agora moro em Braga."], "Braga", "Lisboa"),
    ("pt", ["Fumo.", "Deixei de fumar."], "Deixei", "Fumo"),
    ("pt", ["Trabalho na Sonae.", "Desde segunda trabalho na Galp."], "Galp", "Sonae"),
    ("nl", ["Ik woon in Utrecht.", "Ik woon nu in Leiden."], "Leiden", "Utrecht"),
    ("nl", ["Ik rook.", "Ik ben gestopt met roken."], "gestopt", "rook"),
    ("nl", ["Ik werk bij Philips.", "Sinds maandag werk ik bij ASML."], "ASML", "Philips"),
    ("zh", ["我住在北京。", "我现在住在杭州。"], "杭州", "北京"),
    ("zh", ["我抽烟。", "我戒烟了。"], "戒烟", "我抽烟"),
    ("zh", ["我在华为工作。", "我从周一开始在阿里工作。"], "阿里", "华为"),
]


def active_after(turns: list[str]) -> list[str]:
    """The active facts' sentences after the turns, said a day apart (Berlin time)."""
    clock = ManualClock(START)
    memory = Memory(":memory:", clock=clock)
    try:
        for i, text in enumerate(turns):
            at = START + timedelta(days=i)
            clock.now = at
            memory.add([{"role": "user", "content": text, "timestamp": at.isoformat()}],
                       user_id="u", metadata={"timezone": "Europe/Berlin"})
        return [f.text for f in memory.facts.list(user_id="u")]
    finally:
        memory.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--all", action="store_true", help="print every case, not only failures")
    args = parser.parse_args()
    right = 0
    for language, turns, new, old in CASES:
        active = active_after(turns)
        ok = any(new in t for t in active) and not any(old in t for t in active)
        right += ok
        if args.all or not ok:
            print(f"{'ok  ' if ok else 'FAIL'} {language} {turns} -> {active}")
    print(f"sentence_pairs={right}/{len(CASES)}")


if __name__ == "__main__":
    main()
