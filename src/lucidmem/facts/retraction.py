"""What "forget what I said about X" takes back.

Pure functions over fact records (validation applies what they return):

* :func:`retraction_targets` — every fact about X. A topic naming a person *and* something
  else ("Kees and the moonlighting") means that thing about that person; a topic that is
  only a person means everything told about them, not how they are related to the user
  ("forget what I said about Ingrid": that she was laid off, not that she is the sister),
  unless they are an ex, nothing else was told or the user asks to forget everything
  (:func:`asks_for_everything`); a topic naming two people ("Kim and Derek") means what
  went on between them, not how each is related to the user;
* :func:`topic_of` — the topic without the words around it and without when it was said
  ("mein Gehalt erzählt habe" → "mein Gehalt", "my salary back in April" → "my salary");
* :func:`people_in_topic` — the known people a topic names ("what I told you about Kim and
  Derek" → Kim, Derek; "之前跟你说老王想去外地工作那个事" → 老王);
* :func:`meaning_candidates` / :func:`retraction_by_meaning` — when no fact shares a word
  with the topic ("mein Gehalt" against "verdiene 4200 Euro im Monat"), the facts it means,
  by their relevance (:mod:`lucidmem.facts.relevance`) and only among what is said of the
  people it names; nothing when no fact is relevant enough: a retraction never guesses;
* :func:`meant` — the same when the topic names people ("Omar's debts"): with the names in
  the topic every fact about them reads as close to it, so a fact is meant only if it is
  also close to the topic without the names (:data:`PERSON_FREE_RELEVANCE`): "Luca e il
  matrimonio" still means "Luca si sposa a settembre", "Omar's debts" no longer means "Omar
  plays the oud".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from lucidmem.embedding.base import Embedder
from lucidmem.facts.cue_lexicon import HOME_NOUNS
from lucidmem.facts.entities import fold, placeholder, relation_word
from lucidmem.facts.people import mentions as people_mentions
from lucidmem.facts.relevance import record_relevance
from lucidmem.facts.render import content_words
from lucidmem.facts.statement_words import fold_words, mentions, overlaps, stem_match, words_of
from lucidmem.facts.temporal_lexicon import MONTHS, WEEKDAYS
from lucidmem.records import Record

__all__ = [
    "PERSON_FREE_RELEVANCE",
    "RETRACT_MARGIN",
    "RETRACT_MIN_RELEVANCE",
    "RETRACT_SIBLING_RELEVANCE",
    "asks_for_everything",
    "meaning_candidates",
    "meaning_without_people",
    "meant",
    "people_in_topic",
    "retraction_by_meaning",
    "retraction_targets",
    "topic_of",
    "with_names",
]


_TOPIC_NOISE = re.compile(
    r"(?i)\b(?:erzählt|gesagt|geschrieben|told you|said|mentioned|je t'ai dit|j'ai dit|dit|"
    r"te conté|te dije|conté|dije|ti ho detto|detto|te contei|te disse|contei|gezegd|verteld|"
    r"zei|vertelde|erzählte|habe|hab|heb|ich|dir|que|che|pls|plz|please|bitte|por favor|"
    r"per favore|thing|things|stuff|business|whole|truc|histoire|Sache|Geschichte|cosa|"
    r"coisa|ding|gedoe|"
    r"s'il te plaît|stp|alsjeblieft|alsjeblief|pf)\b|我说的|我跟你说的|我告诉你的|那件事|的事|"
    r"当我没说过?|别记了?|不要记|忘了吧?|忘掉|删掉|我\s*说|跟你说")
_MONTH_OR_DAY = "|".join(sorted({*MONTHS, *WEEKDAYS}, key=len, reverse=True))
_WHEN_SAID = re.compile(
    r"(?i)(?:\b(?:back|earlier|way back|damals)\s+)?"
    r"\b(?:(?:in|on|im|am|en|au|mois d'|a|em|op|last|this|le|el|il|o)\s+)?"
    r"(?:(?:" + _MONTH_OR_DAY + r")\b|(?:last|the other)\s+(?:time|day|week|month)\b|"
    r"(?:letztes|letzte|neulich)\s+(?:mal|woche|monat)\b|la dernière fois|la última vez|"
    r"l'ultima volta|da última vez|(?:de\s+)?vorige\s+keer|het laatst|neulich|l'autre jour|"
    r"el otro día|l'altro giorno|(?:no\s+)?outro dia|laatst)|上次|上回|那天|前几天|之前")
"""When the retracted thing was said ("my salary back in April", "was ich dir neulich
erzählt habe", "上次"): not what it was about, so no name and no word to match."""


def _without_noise(said: str) -> str:
    """A retraction's words without when it was said and the words around its topic."""
    return _TOPIC_NOISE.sub(" ", _WHEN_SAID.sub(" ", said))


_CONJUNCTION = re.compile(r"(?i)\s+(?:and|und|et|y|e|en|i)\s+|\s*[,和与跟]\s*")


def _a_relation(record: Record) -> bool:
    """Whether ``record`` says how someone is related ("The user's son is Luuk")."""
    return relation_word(str(record.data.get("predicate", ""))) is not None


def _relation_to(record: Record, names: Iterable[str]) -> bool:
    """Whether ``record`` says how one of ``names`` is related ("The user's sister is Kim")."""
    return _a_relation(record) and \
        fold(str(record.data.get("object", ""))) in {fold(n) for n in names}


def _an_ex(record: Record) -> bool:
    """Whether ``record`` says someone is the user's ex ("The user's ex is Andrés")."""
    return relation_word(str(record.data.get("predicate", ""))) == "ex"


def people_in_topic(topic: str, people: Iterable[str]) -> list[str]:
    """The known people (``people``: names and relations held) a retraction's topic names:
    "what I told you about Kim and Derek" → Kim, Derek; "之前跟你说老王想去外地工作那个事" →
    老王."""
    cleaned = _without_noise(topic)
    known = {fold(p): p for p in people}
    words = [re.sub(r"['’]s?$", "", w) for w in re.findall(r"[\w'’-]+", cleaned)]  # Sam's
    words = [w[:-1] if fold(w) not in known and w.endswith("s") else w for w in words]  # Lenas
    names = [known[fold(w)] for w in words if fold(w) in known]
    if re.search(r"[\u4e00-\u9fff]", cleaned):
        names += [n for n in known.values() if n in cleaned]
    return names


def with_names(topic: str, lang: str, facts: Iterable[Record]) -> tuple[str, list[str]]:
    """``topic`` with a relation it names said as the name held for it ("quello che ti ho
    detto di mia cognata e della casa" → "… di Sonia e della casa", "what I told you about
    my brother and the divorce" → "… about Markus and the divorce"), or as the relative's
    placeholder when no name is held ("上次说我爸住院那事儿" → "user's father住院"): then what
    was said of that person is what the topic names, and the relation itself stays (a topic
    naming a person and something else never takes back how they are related). Also the
    placeholders put in, to be known as people."""
    held: dict[str, str] = {}
    for rec in facts:
        relation = relation_word(str(rec.data.get("predicate", "")))
        if relation and rec.data.get("object") and rec.data.get("subject") in (None, "user"):
            held.setdefault(relation, str(rec.data["object"]))
    out, placeholders = topic, []
    for m in sorted(people_mentions(topic, lang), key=lambda x: x.span, reverse=True):
        if m.name is not None or m.of is not None:
            continue
        name = held.get(m.relation.replace("-", " "))
        if name is None:
            name = placeholder(m.relation)
            placeholders.append(name)
        if name not in topic:
            out = out[:m.span[0]] + (f" {name} " if lang != "zh" else name) + out[m.span[1]:]
    return out, placeholders


_SOMEONE_UNNAMED = re.compile(
    r"(?i)(?<![\w'’])(?:he|she|him|er|ihm|ihn|il|elle|lui|él|ella|lei|ele|ela|hij|zij)(?![\w'’])"
    r"|^[他她]|[说讲][他她]")
"""A person a retraction's topic points at without a name ("he", "她", "lui")."""


def meaning_candidates(topic: str, facts: Sequence[Record],
                       people: Iterable[str]) -> list[Record]:
    """The facts a retraction may take back by meaning (:func:`retraction_by_meaning`) when
    none shares a word with its topic: every fact, or, when the topic names people the user
    has told about ("forget what I said about Lao Wang's job plans"), only what is said of
    them — never the relation itself ("The user's husband is 老王") and never a fact about
    someone else or nobody (the son's skating class); none when it points at someone it does
    not name (:data:`_SOMEONE_UNNAMED`)."""
    names = people_in_topic(topic, people)
    if not names and _SOMEONE_UNNAMED.search(topic):
        return []  # "上次我说他要去做心脏手术 … 当我没说过": "he" is someone, but who is not
        # said; the sister's nursing job is no guess to take back
    if not names:
        return list(facts)
    return [rec for rec in facts
            if any(mentions(rec, n) for n in names) and not _relation_to(rec, names)]


_SLOT_NOUNS: dict[str, set[str]] = {
    "residence": fold_words(" ".join(n for nouns in HOME_NOUNS.values() for n in nouns))
    | fold_words("home Zuhause maison logement vivienda casa casinha huis 家 房子 mutuo "
                 "mortgage Kredit Hypothek hypotheek hipoteca crédit prêt 房贷"),
}
"""Words that name the kind of a fact, not its words: "what I told you about my
sister-in-law and the house" means where she lives ("ha firmato il mutuo per un bilocale",
a home fact), said of the person the topic names."""


_PAY_WORDS = fold_words(
    "salary pay wage wages income earnings Gehalt Lohn Einkommen Verdienst salaire paie revenu "
    "sueldo salario ingresos stipendio paga reddito salário ordenado renda salaris loon "
    "inkomen 工资 薪水 收入 人工")
_PAY_SAID = re.compile(
    r"(?i)\d[\d.,]*\s*(?:k|€|euros?|eur|dollars?|\$|£|pounds?|reais|yuan|元|块|mil)?\s*"
    r"(?:(?:al|im|pro|par|por|per|a|an|/|每)\s*(?:mese|monat|mois|mes|mês|maand|month|mo|jahr|"
    r"year|an|año|ano|anno|jaar|hour|hr|stunde|heure|hora|ora|uur)\b|netti|netto|net\b|brutto|"
    r"gross|líquidos?|一个月|每月)|(?:€|\$|£|R\$)\s*\d|(?:月薪|年薪|工资)[^，。]{0,4}\d")
"""Pay said as an amount for a time ("prendo 1.850 al mese netti", "verdiene 3.200 netto im
Monat", "$28 an hour", "月薪八千" with digits): what "forget what I said about my salary"
means, though the fact never says the word."""


def retraction_targets(topic: str, facts: Sequence[Record], people: Iterable[str], *,
                       everything: bool = False) -> list[Record]:
    """The facts "forget what I said about ``topic``" takes back (see the module docstring);
    ``everything`` when the user said so ("forget everything I told you about Fiona"): a
    person's relation to the user goes too."""
    cleaned = _without_noise(topic)
    known = {fold(p) for p in people}
    parts = [p.strip(" .,;") for p in _CONJUNCTION.split(cleaned) if p.strip(" .,;")]
    names = known_names = people_in_topic(topic, people)
    if not known_names:  # with a known person, "Anouk en Utrecht" is Anouk's Utrecht
        names = [w for w in re.findall(r"(?<![\w])[A-ZÀ-Þ][\w-]+", cleaned)
                 if fold(w) not in known and fold(w) not in ("ich", "i")]
    rest = fold_words(" ".join(parts))
    for name in names:
        rest -= fold_words(name)
    if len({fold(n) for n in names}) > 1:
        # "forget what I told you about Kim and Derek": what went on between them, not that
        # Kim is the user's sister
        facts = [rec for rec in facts if not _relation_to(rec, names)]
    if not known_names:
        # "vergeet dat hele verhaal over IJsland": the trip, not who the people are that the
        # sentence of the trip named ("mijn ex Erwin … met onze zoon Luuk … naar IJsland"); a
        # person the topic names is known by such a relation, and stays in reach
        facts = [rec for rec in facts if not _a_relation(rec)]
    if not rest:
        about = [rec for rec in facts if any(mentions(rec, n) for n in names)]
        news = [rec for rec in about if not _relation_to(rec, known_names)]
        if not news or everything:
            return about  # only who they are was said, or all of it: that is what goes
        # "Vergeet wat ik over Ingrid heb verteld": what was told of her, not that she is the
        # user's sister — unless she is an ex, whom the user wants to leave behind
        return news + [rec for rec in about if rec not in news and _an_ex(rec)]
    if known_names:
        # "de Markus un die Scheidung": the divorce, not that Markus is the brother, even
        # where the relation was read from the sentence that told of the divorce
        facts = [rec for rec in facts if not _relation_to(rec, known_names)]

    kinds = {slot for slot, nouns in _SLOT_NOUNS.items() if overlaps(rest, nouns)}
    pay = overlaps(rest, _PAY_WORDS)

    def said(rec: Record, words: set[str]) -> bool:
        named = overlaps(rest, words) or (bool(names) and rec.data.get("slot") in kinds) or \
            (pay and _PAY_SAID.search(rec.text) is not None)
        return named and (not names or any(mentions(rec, n) for n in names))

    # what the fact states first; the user's whole clause only when no fact states the topic
    # ("forget what I told you about the fish" takes back "eats fish sometimes", not
    # "is vegetarian", although both were read from "I'm vegetarian, but I eat fish sometimes")
    stated = _saying_most(
        [rec for rec in facts if said(rec, _stated_words(rec))],
        [fold_words(part) - {w for n in names for w in fold_words(n)} for part in parts])
    if stated and known_names:
        # "Fatima uit de salon gaat stoppen, ze gaat … naar Dubai": one story about her, told
        # in one sentence, goes whole with "Fatima en Dubai" — not what another sentence
        # said of her ("ze speelt hockey"), nor how she is related to the user
        told = {str(rec.data.get("source_text")) for rec in stated
                if rec.data.get("source_text")}
        stated += [rec for rec in facts if rec not in stated
                   and str(rec.data.get("source_text")) in told
                   and any(mentions(rec, n) for n in known_names)
                   and not _relation_to(rec, known_names)]
    return stated or [rec for rec in facts if said(rec, words_of(rec))]


def _stated_words(rec: Record) -> set[str]:
    return fold_words(" ".join(str(x) for x in (rec.text, rec.data.get("object")) if x))


def _saying_most(stated: list[Record], parts: Sequence[set[str]]) -> list[Record]:
    """Of the facts that state a retraction's topic, those that state most of a part of it:
    "forget the thing about Paolo's restaurant in Salò" takes back the restaurant in Salò,
    not that he cooks in a restaurant in Desenzano. A part no fact states more of than
    another keeps all of them ("forget what I said about the warehouse and the pool": the
    fact that names each); facts that state something of every part go alone ("opa en dat
    verzorgingshuis": the one story of both)."""
    if len(stated) < 2:
        return stated

    def shared(rec: Record, words: set[str]) -> int:
        said = _stated_words(rec)
        return sum(1 for w in words if any(stem_match(w, t) for t in said))

    said_parts = [p for p in parts if p]
    whole = [rec for rec in stated
             if len(said_parts) > 1 and all(shared(rec, words) for words in said_parts)]
    if whole:  # "vergeet wat ik zei over opa en dat verzorgingshuis": the fact that tells
        return whole  # of both, not every other fact that names opa
    kept: list[Record] = []
    for words in said_parts:
        counts = [shared(rec, words) for rec in stated]
        kept += [rec for rec, n in zip(stated, counts, strict=True)
                 if n and n == max(counts) and rec not in kept]
    return [rec for rec in stated if rec in kept] or stated


RETRACT_MIN_RELEVANCE = 0.6
"""Relevance (:mod:`lucidmem.facts.relevance`) from which a fact is what "forget what I said
about X" means when no word of X is in any fact ("mein Gehalt" → "verdiene 4200 Euro im
Monat")."""

RETRACT_MARGIN = 0.1
"""Facts this close to the most relevant one go with it."""

RETRACT_SIBLING_RELEVANCE = 0.3
"""A fact said in the same turn as a retracted one goes too from this relevance on."""


_EVERYTHING = re.compile(
    r"(?i)(?<!\w)(?:everything|all\s+(?:of\s+it|that|i\s|i['’]ve)|alles|tout|todo|tudo|"
    r"tutto)(?!\w)|全部|所有|一切")
"""Words that ask for all of it to be forgotten ("forget everything I told you about Fiona",
"esquece tudo o que eu te contei sobre a Fernanda")."""


def asks_for_everything(said: str) -> bool:
    """Whether a retraction asks to forget all that was said (:data:`_EVERYTHING`)."""
    return _EVERYTHING.search(said) is not None


def topic_of(said: str) -> str:
    """A retraction's topic without the words around it ("mein Gehalt erzählt habe" →
    "mein Gehalt"): what to compare facts with."""
    return re.sub(r"\s{2,}", " ", _without_noise(said)).strip(" ,.;") or said


def retraction_by_meaning(relevance: dict[str, float], facts: Sequence[Record], *,
                          least: float = RETRACT_MIN_RELEVANCE,
                          margin: float = RETRACT_MARGIN,
                          sibling: float = RETRACT_SIBLING_RELEVANCE) -> list[Record]:
    """The facts a retraction's topic means when none shares a word with it: the most
    relevant fact if it reaches ``least``, the facts within ``margin`` of it, and the facts
    said in the same turn as those that reach ``sibling`` ("ich hab eine Gehaltserhöhung
    bekommen" beside the salary). Nothing when no fact is relevant enough: a retraction never
    guesses."""
    scored = [(relevance.get(f.id, -1.0), f) for f in facts]
    best = max((score for score, _ in scored), default=-1.0)
    if best < least:
        return []
    chosen = [f for score, f in scored if score >= best - margin]
    turns = {str(t) for f in chosen for t in f.data.get("source_turn_ids", [])}
    chosen += [f for score, f in scored if f not in chosen and score >= sibling
               and turns & {str(t) for t in f.data.get("source_turn_ids", [])}]
    return chosen


PERSON_FREE_RELEVANCE = 0.35
"""Relevance to the topic without its people from which a fact about them may be what the
topic means ("e il matrimonio" → "si sposa a settembre" 0.4; "debts" → "plays the oud" 0.06)."""


_JOINING_EDGE = re.compile(r"(?i)^\W*(?:(?:and|und|et|y|e|en|i|with|mit|avec|con|com|met)\b\W*)+|"
                           r"(?:\W+(?:and|und|et|y|e|en|i|of|von|de|di|da|do|van)\W*)+$|"
                           r"^[和与跟]|[和与跟的]$")
"""A word that joined the names to the rest ("Luca e il matrimonio" → "il matrimonio")."""


def meaning_without_people(topic: str, people: Iterable[str]) -> str | None:
    """``topic`` as :func:`topic_of` gives it, without the known people it names (and a
    possessive or genitive ending on them: "Nora's", "Lenas", "Felix'"); None when it names
    no one, or only people ("what I told you about Kim")."""
    said = topic_of(topic)
    names = people_in_topic(topic, people)
    if not names:
        return None
    rest = said
    for name in sorted(set(names), key=len, reverse=True):
        if re.search(r"[\u4e00-\u9fff]", name):
            rest = rest.replace(name, " ")
        else:
            rest = re.sub(r"(?i)(?<!\w)" + re.escape(name) + r"(?:['’]s|['’]|s)?(?!\w)", " ",
                          rest)
    rest = _JOINING_EDGE.sub("", re.sub(r"\s{2,}", " ", rest)).strip(" ,.;:，。")
    return rest if content_words([rest]) else None


def meant(embedder: Embedder, topic: str, pool: Sequence[Record],
          people: Iterable[str]) -> list[Record]:
    """The facts of ``pool`` a retraction's ``topic`` means (:func:`retraction_by_meaning`),
    a fact about the people it names only if it is close to what is said of them too."""
    people = list(people)
    scores = record_relevance(embedder, topic_of(topic), pool)
    rest = meaning_without_people(topic, people)
    if rest is not None:
        beyond = record_relevance(embedder, rest, pool)
        scores = {key: score if beyond.get(key, -1.0) >= PERSON_FREE_RELEVANCE else -1.0
                  for key, score in scores.items()}
    return retraction_by_meaning(scores, pool)
