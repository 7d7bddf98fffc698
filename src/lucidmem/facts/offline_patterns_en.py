"""English patterns of the offline extractor (see :mod:`lucidmem.facts.offline_rules`).

Seed: ``emberhearth-memory-research.md`` §1 "Fact Taxonomy" (categories used below) and the
issue's list of explicit statements: names, relationships, likes and dislikes, diets and
allergies, work, location, schedule preferences, upcoming events with dates, negations and
changes.
"""

from __future__ import annotations

import re

from lucidmem.facts.model import Subcategory as S
from lucidmem.facts.offline_rules import (
    EXPLICIT,
    HIGH,
    MEDIUM,
    ClauseContext,
    Hit,
    LanguagePack,
    Rule,
    clean_object,
    relation_table,
    rule,
    rx,
)

__all__ = ["ENGLISH", "EVENT_NOUNS", "JOBS", "RELATIONS"]

RELATIONS: dict[str, tuple[str, S]] = {
    **relation_table(
        "mother=mother mom=mother mum=mother father=father dad=father sister=sister "
        "brother=brother wife=wife husband=husband partner=partner boyfriend=boyfriend "
        "girlfriend=girlfriend fiancé=fiance fiancée=fiance fiance=fiance son=son "
        "daughter=daughter kid=child child=child grandmother=grandmother grandma=grandmother "
        "grandfather=grandfather grandpa=grandfather aunt=aunt uncle=uncle cousin=cousin "
        "niece=niece nephew=nephew", S.RELATIONSHIP_FAMILY),
    **relation_table(
        "friend=friend best_friend=best_friend roommate=roommate flatmate=roommate "
        "neighbor=neighbour neighbour=neighbour", S.RELATIONSHIP_FRIENDS),
    **relation_table(
        "boss=boss manager=manager colleague=colleague coworker=colleague co-worker=colleague "
        "client=client", S.RELATIONSHIP_PROFESSIONAL),
    **relation_table(
        "dog=dog cat=cat puppy=dog kitten=cat horse=horse rabbit=rabbit", S.RELATIONSHIP_PETS),
}

JOBS = (
    "nurse|doctor|physician|surgeon|dentist|pharmacist|paramedic|midwife|therapist|"
    "psychologist|teacher|professor|lecturer|tutor|student|engineer|developer|programmer|"
    "designer|architect|lawyer|attorney|accountant|banker|economist|analyst|consultant|"
    "manager|chef|cook|baker|barista|waiter|waitress|writer|journalist|editor|artist|"
    "musician|singer|actor|actress|dancer|photographer|scientist|researcher|electrician|"
    "plumber|carpenter|mechanic|firefighter|police officer|pilot|driver|farmer|librarian|"
    "cashier|translator|salesperson|entrepreneur|freelancer|veterinarian|vet|social worker|"
    "data scientist|ceo|cto|founder|intern|coach|secretary|receptionist|product manager|"
    "software engineer|web developer|civil servant|carer|caregiver|cleaner|soldier"
)

EVENT_NOUNS = (
    "appointment|meeting|interview|exam|test|surgery|operation|flight|trip|party|wedding|"
    "concert|deadline|presentation|date|checkup|check-up|class|lesson|game|match|vacation|"
    "holiday|conference|visit|call|dinner|lunch|show|recital|review|ceremony|funeral|"
    "graduation|reunion|session|rehearsal|race|marathon|tournament|anniversary|birthday|"
    "move|performance|hearing|treatment|scan|vaccination|shift|training|workshop"
)
_MILESTONES = ("anniversary", "graduation", "birthday", "wedding")

_ADV = r"(?:(?:really|absolutely|totally|truly|genuinely|just|also|still|actually|now|so|" \
    r"honestly|kind\s+of|sort\s+of|very\s+much|definitely|particularly|especially)\s+)*"
_BE = r"(?:am|is|are)"
_NEG = r"(?:do|does|did)\s+not\s+"
_DIETS = r"vegan|vegetarian|pescatarian|pescetarian|flexitarian|carnivore|keto|paleo|" \
    r"halal|kosher|plant-based|gluten-free|dairy-free|raw vegan"
_ACTIVITIES = r"meetings?|calls?|appointments?|workouts?|exercise|running|runs|walks?|" \
    r"classes|lessons|study|studying|work|to\s+work|to\s+study|to\s+work\s+out|to\s+run|" \
    r"to\s+meet|to\s+exercise|check-ins?|reminders?|emails?|messages?|notifications?"
_DAYPART = r"(?:the\s+)?(?P<when>early\s+morning|morning|mornings|afternoon|afternoons|" \
    r"evening|evenings|night|nights|lunchtime|weekends?|weekdays?)"


def _relation_hits(rel_word: str, name: str | None, ctx: ClauseContext,
                   confidence: float) -> list[Hit]:
    rel, sub = RELATIONS[" ".join(rel_word.casefold().split())]
    obj = name if name else f"{ctx.owner}'s {rel.replace('_', ' ')}"
    return [Hit(f"has_{rel}", obj, sub, confidence if name else MEDIUM, subject=ctx.owner)]


def _job_at(m: re.Match[str], ctx: ClauseContext) -> list[Hit]:
    """"I'm a nurse at St. Mary's": the job and the workplace, each a fact of its own (the
    workplace was dropped with the rest of the clause)."""
    job, place = clean_object(m["job"]), clean_object(m["obj"], "place")
    hits = [] if job is None else [Hit("occupation", job, S.BIOGRAPHICAL_PROFESSIONAL, 0.85,
                                       subject=ctx.owner)]
    if place is not None and place[:1].isupper():
        hits.append(Hit("works_at", place, S.BIOGRAPHICAL_PROFESSIONAL, HIGH,
                        subject=ctx.owner))
    return hits


def _is_of(m: re.Match[str], ctx: ClauseContext) -> list[Hit]:
    return _relation_hits(m["rel"], m["name"], ctx, EXPLICIT)


def _have_rel(m: re.Match[str], ctx: ClauseContext) -> list[Hit]:
    return _relation_hits(m["rel"], m["name"], ctx, EXPLICIT)


def _schedule(m: re.Match[str], ctx: ClauseContext) -> list[Hit]:
    activity = re.sub(r"^to\s+", "", m["act"].casefold())
    activity = re.sub(r"\s+", "_", activity).rstrip("s") or activity
    when = m["when"].casefold().rstrip("s")
    return [Hit(f"preferred_time_for_{activity}", when, S.PREFERENCE_SCHEDULE, HIGH)]


def _prefer(m: re.Match[str], ctx: ClauseContext) -> list[Hit]:
    obj = clean_object(re.split(r"\s+(?:over|to|rather\s+than|instead\s+of)\s+", m["obj"])[0])
    if obj is None:
        return []
    folded = obj.casefold()
    sub = S.PREFERENCE_CONTENT
    if re.search(r"\b(?:text|call|email|message|short|brief|detailed|formal|casual|emoji)", folded):
        sub = S.PREFERENCE_COMMUNICATION
    elif re.search(r"\b(?:warm|cold|cool|temperature|light|dark|quiet|music|noise)", folded):
        sub = S.PREFERENCE_ENVIRONMENT
    return [Hit("prefers", obj, sub, HIGH)]


def _event(m: re.Match[str], ctx: ClauseContext) -> list[Hit]:
    obj = clean_object(m["obj"])
    groups = m.groupdict()
    when = (groups.get("when") or "").strip()
    cancelled = bool(groups.get("cancel"))
    if obj is None or not (when or cancelled):
        return []
    moved = bool(groups.get("moved"))
    head = obj.casefold().split()[-1]
    sub = S.EVENT_MILESTONE if head in _MILESTONES else S.EVENT_UPCOMING
    predicate = "birthday" if obj.casefold() == "birthday" else "has_event"
    if predicate == "birthday":
        day = re.sub(r"^(?:is\s+)?(?:on|in|at)\s+", "", when, flags=re.IGNORECASE).strip(" .!")
        return [Hit("birthday", day, S.BIOGRAPHICAL_PERSONAL, EXPLICIT, when=when)]
    return [Hit(predicate, obj, sub, HIGH, negated=cancelled, change=cancelled or moved,
                when=None if cancelled else when, intensity=0.4)]


def _visiting(m: re.Match[str], ctx: ClauseContext) -> list[Hit]:
    who = (m["obj"] or "").strip()
    obj = ctx.owner if who.casefold() in ("", "me", "us") else clean_object(who)
    if obj is None:
        return []
    return [Hit("visiting", obj, S.EVENT_UPCOMING, HIGH, intensity=0.4, when=m["when"])]


def _travel(m: re.Match[str], ctx: ClauseContext) -> list[Hit]:
    place = clean_object(m["obj"], "place")
    if place is None:
        return []
    return [Hit("travels_to", place, S.EVENT_UPCOMING, HIGH, intensity=0.4, when=m["when"])]


def _no_contact(m: re.Match[str], ctx: ClauseContext) -> list[Hit]:
    obj = clean_object(m["obj"])
    if obj is None:
        return []
    return [Hit(f"no_contact_{m['dir'].casefold()}", obj, S.PREFERENCE_COMMUNICATION, HIGH,
                subject=ctx.owner)]


def _name(predicate: str) -> Rule:
    def build(m: re.Match[str], ctx: ClauseContext) -> list[Hit]:
        name = clean_object(m["obj"], "name")
        return [] if name is None else [Hit(predicate, name, S.BIOGRAPHICAL_PERSONAL, EXPLICIT,
                                            subject=ctx.owner)]
    return Rule(rx(r"^(?:" + {"name": r"my\s+name\s+is|my\s+name's|i\s+am\s+called|"
                                       r"i\s+am\s+named",
                              "preferred_name": r"(?:please\s+)?call\s+me|i\s+go\s+by|"
                                                r"i\s+prefer\s+to\s+be\s+called|people\s+call"
                                                r"\s+me|everyone\s+calls\s+me"}[predicate]
                   + r")\s+(?P<obj>.+)$"), build)


_WHEN = r"(?P<when>(?:on|at|in|next|this|last|tomorrow|today|tonight|yesterday|after|before|" \
    r"around|during|from|coming)\b.*|\d.*|(?:" + "|".join(
        ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
         "january", "february", "march", "april", "may", "june", "july", "august",
         "september", "october", "november", "december")) + r")\b.*)"
_EVENT_NP = r"(?P<obj>(?:[\w'-]+\s+){0,3}?(?:" + EVENT_NOUNS + r"))"

_NOT_NAMES = frozenset(
    (
        "american", "british", "english", "french", "german", "italian", "spanish", "dutch",
        "swiss", "austrian", "polish", "irish", "scottish", "welsh", "canadian", "australian",
        "indian", "chinese", "japanese", "korean", "brazilian", "mexican", "russian", "turkish",
        "greek", "jewish", "muslim", "christian", "catholic", "protestant", "hindu", "buddhist",
        "atheist", "vegan", "vegetarian", "ok", "okay", "fine", "sorry", "back", "here", "home",
        "done", "ready",
    )
)


def _intro(m: re.Match[str], ctx: ClauseContext) -> list[Hit]:
    name = m["obj"]
    if not name[:1].isupper() or name.casefold() in _NOT_NAMES:
        return []
    return [Hit("name", name, S.BIOGRAPHICAL_PERSONAL, MEDIUM, subject=ctx.owner)]


CLAUSE_RULES: tuple[Rule, ...] = (
    Rule(rx(r"^i\s+am\s+(?P<obj>[\w'-]+)$"), _intro),
    _name("name"),
    _name("preferred_name"),
    Rule(rx(r"^(?P<name>[A-ZÀ-Ý][\w-]+)\s+is\s+my\s+(?:(?:little|big|older|younger|twin|best)"
            r"\s+)?(?P<rel>" + "|".join(sorted(RELATIONS, key=len, reverse=True)) + r")\b"),
         _is_of),
    Rule(rx(r"^my\s+(?P<rel>" + "|".join(sorted(RELATIONS, key=len, reverse=True))
            + r")(?:'s\s+name\s+is|\s+is\s+(?:called|named))\s+(?P<name>[\w'-]+)"), _is_of),
    Rule(re.compile(r"^(?i:my\s+(?:new\s+)?(?P<rel>" + "|".join(sorted(RELATIONS, key=len,
                    reverse=True)) + r")\s+is)\s+(?P<name>[A-ZÀ-Ý][\w-]+)$"), _is_of),
    Rule(rx(r"^(?:please\s+)?(?:do\s+not|never)\s+(?:text|call|message|email|ping|contact|"
            r"bother)\s+me\s+(?P<dir>before|after)\s+(?P<obj>.+)$"), _no_contact),
    Rule(rx(r"^(?:my|our)\s+" + _EVENT_NP + r"\s+(?:(?P<cancel>(?:is|was|has\s+been|got)\s+"
            r"(?:cancell?ed|called\s+off))|(?:is|was|will\s+be|(?P<moved>(?:is|was|"
            r"has\s+been|got)\s+(?:moved|rescheduled|postponed|pushed)(?:\s+back)?\s+to))\s+"
            + _WHEN + r")$"), _event),
)

PREDICATE_RULES: tuple[Rule, ...] = (
    rule(r"^(?:no\s+longer|do\s+not|does\s+not)\s+(?:live|lives)\s+in\s+(?P<obj>.+?)"
         r"(?:\s+any\s*more)?$", "lives_in", S.BIOGRAPHICAL_PERSONAL, negated=True,
         change=True, kind="place"),
    rule(r"^used\s+to\s+live\s+in\s+(?P<obj>.+)$", "lives_in", S.BIOGRAPHICAL_PERSONAL,
         negated=True, change=True, kind="place"),
    rule(r"^used\s+to\s+(?P<v>like|love|enjoy)\s+(?P<obj>.+)$", "likes", S.OPINION_LIKES,
         negated=True, change=True),
    rule(r"^(?:no\s+longer\s+|" + _NEG + r"(?:really\s+)?)(?P<v>like|likes|love|loves|enjoy|"
         r"enjoys|care\s+for)\s+(?P<obj>.+)$", "dislikes", S.OPINION_DISLIKES, 0.85),
    rule(r"^(?:no\s+longer\s+|" + _NEG + r")(?P<v>hate|hates|dislike|dislikes|mind)\s+"
         r"(?P<obj>.+)$", "dislikes", S.OPINION_DISLIKES, 0.85, negated=True),
    rule(r"^(?:no\s+longer\s+|" + _NEG + r"|never\s+)(?:eat|eats)\s+(?P<obj>.+)$", "eats",
         S.PREFERENCE_DIET, negated=True),
    rule(r"^(?:stopped|quit|gave\s+up|have\s+stopped|have\s+given\s+up)\s+eating\s+(?P<obj>.+)$",
         "eats", S.PREFERENCE_DIET, negated=True, change=True),
    rule(r"^(?:no\s+longer\s+|" + _NEG + r"|never\s+)(?:drink|drinks)\s+(?P<obj>.+)$", "drinks",
         S.PREFERENCE_DIET, negated=True),
    rule(r"^(?:stopped|quit|gave\s+up|have\s+stopped)\s+drinking\s+(?P<obj>.+)$", "drinks",
         S.PREFERENCE_DIET, negated=True, change=True),
    rule(r"^(?:have\s+)?(?:started|begun|began)\s+eating\s+(?P<obj>.+)$", "eats",
         S.PREFERENCE_DIET, change=True),
    rule(r"^(?:have\s+)?(?:started|begun|began)\s+drinking\s+(?P<obj>.+)$", "drinks",
         S.PREFERENCE_DIET, change=True),
    rule(r"^(?:eat|eats)\s+(?P<obj>.+?)\s+again\b.*$", "eats", S.PREFERENCE_DIET, change=True),
    rule(r"^(?:drink|drinks|am\s+drinking|is\s+drinking|drank|had|am\s+having|is\s+having|"
         r"will\s+have)\s+(?P<obj>(?:a\s+|an\s+|some\s+)?(?:cup\s+of\s+|glass\s+of\s+)?(?:coffee|"
         r"tea|beer|wine|alcohol|milk|juice|water|soda|coke|espresso|latte|cappuccino|"
         r"cocktails?|whisk(?:e)?y|vodka|matcha|decaf|hot\s+chocolate)\b.*)$", "drinks",
         S.PREFERENCE_DIET, 0.85),
    rule(r"^(?:eat|eats|am\s+eating|is\s+eating|ate|will\s+eat)\s+(?P<obj>.+)$", "eats",
         S.PREFERENCE_DIET, 0.8),
    rule(r"^" + _BE + r"\s+(?:not|no\s+longer)\s+(?:a\s+|an\s+)?(?P<obj>" + _DIETS + r")\b.*$",
         "diet", S.PREFERENCE_DIET, EXPLICIT, negated=True),
    rule(r"^" + _BE + r"\s+" + _ADV + r"(?:a\s+|an\s+)?(?:strict\s+)?(?:now\s+)?(?P<obj>"
         + _DIETS + r")\b.*$", "diet", S.PREFERENCE_DIET, EXPLICIT),
    rule(r"^(?:" + _BE + r"\s+on\s+a|follow\s+a|follows\s+a|eat)\s+(?P<obj>" + _DIETS
         + r"|low-carb|low\s+carb|mediterranean)(?:\s+diet)?\b.*$", "diet", S.PREFERENCE_DIET),
    rule(r"^" + _BE + r"\s+(?:severely\s+|very\s+|highly\s+|deathly\s+|mildly\s+)?allergic\s+"
         r"to\s+(?P<obj>.+)$", "allergic_to", S.BIOGRAPHICAL_HEALTH, EXPLICIT, intensity=0.5),
    rule(r"^(?:have|has)\s+(?:a|an)\s+(?:severe\s+|mild\s+|bad\s+)?(?P<obj>[\w-]+(?:\s+[\w-]+)?)"
         r"\s+allergy\b.*$", "allergic_to", S.BIOGRAPHICAL_HEALTH, EXPLICIT, intensity=0.5),
    rule(r"^(?:have|has)\s+(?:an\s+)?allerg(?:y|ies)\s+to\s+(?P<obj>.+)$", "allergic_to",
         S.BIOGRAPHICAL_HEALTH, EXPLICIT, intensity=0.5),
    rule(r"^" + _BE + r"\s+(?P<obj>lactose|gluten|fructose|histamine)[\s-]+intolerant\b.*$",
         "intolerant_to", S.BIOGRAPHICAL_HEALTH, EXPLICIT),
    rule(r"^(?:have|has|was\s+diagnosed\s+with|have\s+been\s+diagnosed\s+with)\s+(?P<obj>"
         r"(?:type\s+[12]\s+)?diabetes|asthma|celiac\s+disease|coeliac\s+disease|migraines|"
         r"epilepsy|adhd|arthritis|high\s+blood\s+pressure|a\s+\w+\s+condition)\b.*$",
         "has_condition",
         S.BIOGRAPHICAL_HEALTH, HIGH, intensity=0.5),
    rule(r"^(?:just\s+)?(?:started|start|began)\s+(?:a\s+new\s+job\s+|working\s+|my\s+new\s+"
         r"job\s+)?(?:at|with|for)\s+(?P<obj>.+)$", "works_at", S.BIOGRAPHICAL_PROFESSIONAL,
         change=True, kind="place"),
    rule(r"^(?:got|have|accepted)\s+a\s+(?:new\s+)?job\s+(?:at|with)\s+(?P<obj>.+)$",
         "works_at", S.BIOGRAPHICAL_PROFESSIONAL, change=True, kind="place"),
    rule(r"^(?:quit|left)\s+my\s+job\s+at\s+(?P<obj>.+)$", "works_at",
         S.BIOGRAPHICAL_PROFESSIONAL, negated=True, change=True, kind="place"),
    rule(r"^(?:no\s+longer|do\s+not|does\s+not)\s+work\s+(?:at|for)\s+(?P<obj>.+)$", "works_at",
         S.BIOGRAPHICAL_PROFESSIONAL, negated=True, change=True, kind="place"),
    rule(r"^(?:now\s+)?(?:work|works|am\s+working|is\s+working|am\s+employed|is\s+employed)\s+"
         r"(?:at|for|with)\s+(?P<obj>.+)$", "works_at", S.BIOGRAPHICAL_PROFESSIONAL,
         kind="place"),
    rule(r"^(?:now\s+)?(?:work|works)\s+as\s+(?:a|an)\s+(?P<obj>.+)$", "occupation",
         S.BIOGRAPHICAL_PROFESSIONAL),
    Rule(rx(r"^" + _BE + r"\s+(?:now\s+)?(?:a|an)\s+(?P<job>(?:[\w-]+\s+){0,2}?(?:" + JOBS
            + r"))\s+(?:at|for|with)\s+(?P<obj>.+)$"), _job_at),
    rule(r"^" + _BE + r"\s+(?:now\s+)?(?:a|an)\s+(?P<obj>(?:[\w-]+\s+){0,2}?(?:" + JOBS
         + r"))\b.*$", "occupation", S.BIOGRAPHICAL_PROFESSIONAL, 0.85),
    rule(r"^" + _BE + r"\s+(?:now\s+)?(?P<obj>retired|unemployed|self-employed)\b.*$",
         "occupation", S.BIOGRAPHICAL_PROFESSIONAL),
    rule(r"^(?:just\s+|recently\s+|have\s+)?(?:moved|relocated)\s+(?:back\s+)?to\s+(?P<obj>.+)$",
         "lives_in", S.BIOGRAPHICAL_PERSONAL, change=True, kind="place"),
    rule(r"^(?:now\s+)?(?:live|lives|am\s+living|is\s+living|reside|resides|am\s+based|"
         r"is\s+based|ha(?:ve|s)\s+been\s+living|ha(?:ve|s)\s+lived)\s+in\s+(?P<obj>.+)$",
         "lives_in", S.BIOGRAPHICAL_PERSONAL,
         kind="place"),
    rule(r"^" + _BE + r"\s+(?:originally\s+)?from\s+(?P<obj>.+)$", "hometown",
         S.BIOGRAPHICAL_PERSONAL, kind="place"),
    rule(r"^" + _BE + r"\s+not\s+(?:really\s+)?a\s+(?P<obj>morning\s+person|night\s+owl|"
         r"early\s+bird|night\s+person)\b.*$", "chronotype", S.PREFERENCE_SCHEDULE,
         negated=True),
    rule(r"^" + _BE + r"\s+(?:definitely\s+|really\s+)?an?\s+(?P<obj>morning\s+person|"
         r"night\s+owl|early\s+bird|night\s+person)\b.*$", "chronotype", S.PREFERENCE_SCHEDULE),
    Rule(rx(r"^" + _ADV + r"(?:prefer|prefers)\s+(?:to\s+have\s+|having\s+|doing\s+|"
            r"scheduling\s+)?(?P<act>" + _ACTIVITIES + r")\s+(?:in|at|on|during)\s+" + _DAYPART
            + r"\b"), _schedule),
    Rule(rx(r"^" + _ADV + r"(?:prefer|prefers)\s+(?P<obj>.+)$"), _prefer),
    rule(r"^" + _ADV + r"(?P<v>hate|hates|dislike|dislikes|detest|detests|loathe|loathes|"
         r"cannot\s+stand|can\s+not\s+stand|(?:am|is)\s+not\s+(?:a\s+(?:big\s+)?fan\s+of|into))"
         r"\s+(?P<obj>.+)$", "dislikes", S.OPINION_DISLIKES, HIGH,
         intense_words=("hate", "hates", "detest", "detests", "loathe", "loathes", "cannot")),
    rule(r"^" + _ADV + r"(?P<v>like|likes|love|loves|adore|adores|enjoy|enjoys|(?:am|is)\s+"
         r"(?:really\s+)?(?:into|fond\s+of|a\s+(?:big\s+|huge\s+)?fan\s+of|passionate\s+about)|"
         r"have\s+a\s+soft\s+spot\s+for)\s+(?P<obj>.+)$", "likes", S.OPINION_LIKES, HIGH,
         intense_words=("love", "loves", "adore", "adores")),
    rule(r"^(?:play|plays)\s+(?P<obj>(?:the\s+)?[\w-]+(?:\s+[\w-]+)?)(?:\s+.*)?$", "plays",
         S.BIOGRAPHICAL_LIFESTYLE, 0.85),
    rule(r"^(?:speak|speaks)\s+(?P<obj>.+)$", "speaks", S.BIOGRAPHICAL_PERSONAL),
    rule(r"^" + _BE + r"\s+(?P<obj>\d{1,3})\s+years?\s+old\b.*$", "age",
         S.BIOGRAPHICAL_PERSONAL, EXPLICIT),
    rule(r"^" + _BE + r"\s+(?:currently\s+)?working\s+on\s+(?P<obj>.+)$", "working_on",
         S.CONTEXTUAL_CURRENT_PROJECTS, 0.85),
    rule(r"^" + _BE + r"\s+(?:really\s+|very\s+|so\s+)?(?:worried|anxious|stressed)\s+about\s+"
         r"(?P<obj>.+)$", "worried_about", S.CONTEXTUAL_CURRENT_CONCERNS, 0.85, intensity=0.6),
    Rule(rx(r"^(?:have|has|have\s+got|got)\s+(?:a|an|my|the|our)\s+" + _EVENT_NP + r"\s+"
            + _WHEN + r"$"), _event),
    Rule(rx(r"^" + _BE + r"\s+(?:coming\s+to\s+)?visiting(?:\s+(?P<obj>.+?))?\s+" + _WHEN
            + r"$"), _visiting),
    Rule(rx(r"^(?:" + _BE + r"\s+(?:going|flying|travell?ing|heading|driving)|will\s+(?:go|fly|"
            r"travel))\s+to\s+(?P<obj>[A-ZÀ-Ý][\w'-]*(?:\s+[A-ZÀ-Ý][\w'-]*)*)\s+" + _WHEN + r"$"),
         _travel),
    Rule(rx(r"^(?:have|has)\s+(?:a|an|one)\s+(?:little\s+|big\s+|older\s+|younger\s+|twin\s+)?"
            r"(?P<rel>" + "|".join(sorted(RELATIONS, key=len, reverse=True))
            + r")(?:\s+(?:named|called)\s+(?P<name>[A-ZÀ-Ý][\w-]+))?\b"), _have_rel),
    Rule(rx(r"^" + _BE + r"\s+married\s+to\s+(?P<name>[A-ZÀ-Ý][\w-]+)"),
         lambda m, ctx: [Hit("has_spouse", m["name"], S.RELATIONSHIP_FAMILY, EXPLICIT,
                             subject=ctx.owner)]),
)


def _rx_words(words: str) -> re.Pattern[str]:
    return rx(r"(?<!\w)(?:" + words + r")(?!\w)")


ENGLISH = LanguagePack(
    code="en",
    contractions=tuple((rx(a), b) for a, b in (
        (r"\b(i|you|we|they)'m\b", r"\1 am"), (r"\bi'm\b", "I am"), (r"\bim\b(?=\s+\w)", "I am"),
        (r"\b(i|you|we|they)'ve\b", r"\1 have"), (r"\b(i|you|we|they|she|he)'d\b", r"\1 would"),
        (r"\b(i|you|we|they|she|he)'ll\b", r"\1 will"), (r"\b(she|he|it)'s\b", r"\1 is"),
        (r"\bcan't\b", "cannot"), (r"\bwon't\b", "will not"), (r"\b(\w+)n't\b", r"\1 not"),
        (r"\bdont\b", "do not"), (r"\bdoesnt\b", "does not"), (r"\bcant\b", "cannot"),
        (r"\b(you|we|they)'re\b", r"\1 are"),
    )),
    question=rx(r"\?\s*$|^(?:do|does|did|are|is|was|were|can|could|would|will|should|shall|"
                r"what|which|who|whom|whose|why|how|where|when|have\s+you|has\s+she|has\s+he)"
                r"\b(?!\s+not\b)(?!\s+i\s+(?:say|mention))"),
    conditional=rx(r"^\W*(?:even\s+)?(?:if|what\s+if|suppose|supposing|imagine|pretend|"
                   r"hypothetically|let's\s+say|say|in\s+case|unless|whether|when\s+i\s+was)\b"),
    hypothetical=_rx_words(
        r"would|could|might|may|wish|hope|should|want\s+to|wants\s+to|wanna|"
        r"(?:do|does)\s+not\s+know\s+(?:if|whether)|not\s+sure\s+(?:if|whether)|"
        r"wonder\s+(?:if|whether)|asked\s+(?:if|whether|me)|dream\s+of|dreaming\s+of|"
        r"thinking\s+about|thinking\s+of|considering|planning\s+to|plan\s+to|someday|"
        r"one\s+day|what\s+if|imagine|pretend|hypothetically"),
    hedge=_rx_words(r"i\s+think|i\s+guess|i\s+suppose|i\s+believe|probably|maybe|perhaps|"
                    r"kind\s+of|sort\s+of|possibly|i\s+feel\s+like|apparently|somewhat"),
    change=_rx_words(
        r"no\s+longer|anymore|any\s+more|now|these\s+days|nowadays|started|starting|begun|"
        r"began|stopped|quit|gave\s+up|switched|changed|moved|relocated|new\s+job|actually|"
        r"used\s+to|again|became|become|turned|from\s+now\s+on|since|cancell?ed|rescheduled|"
        r"postponed|not\s+anymore|my\s+new|our\s+new"),
    correction=_rx_words(r"i\s+meant|i\s+mean|correction|sorry|i\s+misspoke|my\s+mistake|"
                         r"i\s+was\s+wrong|typo|i\s+made\s+a\s+mistake|to\s+correct|"
                         r"let\s+me\s+correct|wrong\s+name"),
    one_off=_rx_words(r"this\s+time|just\s+today|only\s+today|today\s+only|just\s+this\s+once|"
                      r"for\s+once|just\s+for\s+today|for\s+a\s+change|as\s+an\s+exception|"
                      r"just\s+tonight|only\s+tonight|just\s+this\s+week|this\s+once|"
                      r"just\s+for\s+tonight"),
    context=_rx_words(r"at\s+work|at\s+home|at\s+the\s+office|in\s+the\s+office|on\s+weekends|"
                      r"on\s+the\s+weekend|at\s+weekends|on\s+weekdays|during\s+the\s+week|"
                      r"when\s+(?:i\s+am\s+)?travell?ing|on\s+vacation|on\s+holiday|"
                      r"with\s+friends|with\s+my\s+family|at\s+parties|in\s+meetings|"
                      r"at\s+work\s+meetings|for\s+work|at\s+the\s+gym|at\s+school"),
    clause_split=rx(r"\s*;\s*|\s*,?\s+(?:and|but|so|because|though|although|while|whereas)\s+"
                    r"(?=(?:i|i'm|i've|my|she|he|she's|he's|our)\b)|,\s+(?=(?:i|i'm|i've|my|"
                    r"she|he|she's|he's|our)\b)"),
    first_person=rx(r"^(?:and\s+|but\s+|also\s+|so\s+|well\s+|oh\s+|actually\s+|honestly\s+|"
                    r"btw\s+|by\s+the\s+way\s+)*i\s+"),
    pronoun_subject=rx(r"^(?:she|he)\s+"),
    relations=RELATIONS,
    possessive=r"my|our",
    clause_rules=CLAUSE_RULES,
    predicate_rules=PREDICATE_RULES,
)
