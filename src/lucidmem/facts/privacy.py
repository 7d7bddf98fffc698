"""Privacy classification heuristics, as a pure function over keyword lists.

Seed: ``emberhearth-memory-research.md`` §5 "Automatic Classification Heuristics":

=============================  =========================================
Signal                         Level
=============================  =========================================
"Don't tell anyone…"           secret
"Between us…"                  secret
Medical / health information   private (secret if explicit)
Financial details              private
Workplace complaints           private (secret if about specific people)
Family relationships           private
General preferences            public
Hobbies, interests             public
Location / schedule            private
=============================  =========================================

plus §1's SECRETS category ("sensitive by nature: medical, financial, legal") and the brief's
credentials. Readings of the seed's ambiguities:

* "secret if explicit" for health is read as *a named sensitive condition* (diagnoses such as
  cancer, HIV, depression; therapy, addiction, pregnancy) — an explicit "don't tell" already
  makes anything secret;
* credentials (passwords, PINs, card or account numbers) are always secret;
* legal trouble (arrests, lawsuits) is secret, being "sensitive by nature";
* a complaint about work is "about specific people" when it names a person (a capitalised
  word) or a role such as "my boss";
* anything that matches nothing falls back to the category: likes, dislikes, hobbies and
  general preferences are public, everything else private (the schema's default).

The strictest matching signal wins. Keyword lists cover English and the commonest German,
French and Spanish forms.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from lucidmem.facts.model import FactCategory, PrivacyLevel, Subcategory

__all__ = [
    "CREDENTIAL_KEYWORDS",
    "FINANCE_KEYWORDS",
    "HEALTH_KEYWORDS",
    "LEGAL_KEYWORDS",
    "PUBLIC_SUBCATEGORIES",
    "SECRET_MARKERS",
    "SENSITIVE_HEALTH_KEYWORDS",
    "WORKPLACE_COMPLAINT_KEYWORDS",
    "PrivacyAssessment",
    "assess_privacy",
    "classify_privacy",
    "has_secret_marker",
    "stricter",
]

SECRET_MARKERS: tuple[str, ...] = (
    "don't tell anyone", "do not tell anyone", "dont tell anyone", "don't tell anybody",
    "do not tell anybody", "between us", "between you and me", "just between you and me",
    "keep this secret", "keep it secret", "keep this to yourself", "keep it to yourself",
    "keep this between us", "this is a secret", "it's a secret", "off the record",
    "confidential", "nobody knows", "no one knows", "don't mention", "do not mention",
    # German
    "sag es niemandem", "sag das niemandem", "unter uns", "bleibt unter uns", "geheim",
    "niemand weiß", "vertraulich",
    # French
    "ne le dis à personne", "ne dis rien à personne", "entre nous", "c'est un secret",
    "personne ne sait", "confidentiel",
    # Spanish
    "no se lo digas a nadie", "no le digas a nadie", "entre nosotros", "entre tú y yo",
    "es un secreto", "nadie sabe", "confidencial",
)
"""Explicit secrecy markers ("Don't tell anyone…", "Between us…") → secret."""

CREDENTIAL_KEYWORDS: tuple[str, ...] = (
    "password", "passcode", "passwort", "mot de passe", "contraseña", "pin", "pin code",
    "social security number", "ssn", "iban", "credit card number", "card number",
    "account number", "routing number", "api key", "secret key", "private key", "2fa code",
    "security question", "kreditkartennummer", "numéro de carte", "número de tarjeta",
)
"""Credentials and account identifiers → secret."""

SENSITIVE_HEALTH_KEYWORDS: tuple[str, ...] = (
    "hiv", "aids", "cancer", "tumor", "tumour", "chemo", "chemotherapy", "depression",
    "depressed", "anxiety disorder", "panic attacks", "bipolar", "schizophrenia", "ptsd",
    "eating disorder", "anorexia", "bulimia", "suicidal", "self-harm", "therapist",
    "therapy", "psychiatrist", "antidepressant", "antidepressants", "addiction", "addicted",
    "rehab", "alcoholic", "sober", "std", "sti", "herpes", "pregnant", "miscarriage",
    "abortion", "ivf", "infertility", "diagnosed",
    "krebs", "schwanger", "therapie", "dépression", "enceinte", "cáncer", "embarazada",
)
"""Named sensitive conditions: the "explicit" medical information the seed elevates → secret."""

HEALTH_KEYWORDS: tuple[str, ...] = (
    "allergic", "allergy", "allergies", "intolerant", "intolerance", "celiac", "coeliac",
    "asthma", "diabetes", "diabetic", "migraine", "migraines", "medication", "medicine",
    "pills", "prescription", "doctor", "dentist", "surgery", "hospital", "illness", "sick",
    "injury", "injured", "blood pressure", "cholesterol", "insomnia", "condition",
    "symptoms", "physio", "physiotherapy", "health", "gluten", "lactose",
    "allergisch", "allergie", "arzt", "ärztin", "krankenhaus", "krank", "medikament",
    "allergique", "médecin", "hôpital", "malade", "médicament",
    "alérgico", "alérgica", "alergia", "médico", "hospital", "enfermo", "medicamento",
)
"""Medical and health information → private."""

FINANCE_KEYWORDS: tuple[str, ...] = (
    "salary", "income", "earn", "earns", "debt", "debts", "loan", "loans", "mortgage",
    "bank", "bank account", "savings", "credit card", "credit score", "bankrupt",
    "bankruptcy", "rent", "budget", "pay raise", "raise", "invest", "investment",
    "investments", "stocks", "crypto", "taxes", "owe", "broke", "money", "inheritance",
    "gehalt", "schulden", "kredit", "miete", "salaire", "dette", "dettes", "prêt", "loyer",
    "sueldo", "salario", "deuda", "deudas", "préstamo", "hipoteca", "alquiler",
)
"""Financial details → private."""

LEGAL_KEYWORDS: tuple[str, ...] = (
    "arrested", "lawsuit", "sued", "suing", "court case", "criminal record", "conviction",
    "convicted", "probation", "parole", "custody battle", "divorce lawyer", "criminal charges",
    "verhaftet", "vorstrafe", "été arrêté", "été arrêtée", "fait arrêter", "garde à vue",
    "casier judiciaire", "fue detenido", "fui detenido", "fue detenida", "fui detenida",
    "me detuvieron", "antecedentes penales",
)
"""Legal matters ("sensitive by nature", emberhearth §1 SECRETS) → secret. Being arrested,
not the everyday "arrêté" (stopped: "j'ai arrêté le yoga") or "detenido" (halted)."""

WORKPLACE_COMPLAINT_KEYWORDS: tuple[str, ...] = (
    "hate my job", "hate my boss", "my boss is a", "my boss is an", "my boss is so",
    "my boss is such", "my boss is always", "my boss is being", "my boss is driving", "toxic",
    "micromanage", "micromanages",
    "unfair", "harass", "harassed", "harassment", "bully", "bullied", "bullying",
    "fired", "laid off", "quit my job", "thinking of quitting", "underpaid", "overworked",
    "complain", "complaint", "annoying", "incompetent", "can't stand my",
)
"""Workplace complaints → private (secret when about a specific person). "my boss is" only
before what a complaint says ("my boss is a nightmare"), not before a name ("my boss is
Sharon")."""

_SPECIFIC_ROLE_AT_WORK = re.compile(
    r"\b(?:my|our) (?:boss|manager|supervisor|colleague|coworker|co-worker|team lead|ceo)\b",
    re.IGNORECASE,
)
_NAME_INSIDE_SENTENCE = re.compile(r"(?<=[a-z,;:] )[A-Z][a-z]+\b")
_WORK_CONTEXT = re.compile(
    r"\b(?:work|job|office|boss|manager|colleague|coworker|co-worker|team|company|client)s?\b",
    re.IGNORECASE,
)

PUBLIC_SUBCATEGORIES: frozenset[Subcategory] = frozenset(
    {
        Subcategory.PREFERENCE_COMMUNICATION,
        Subcategory.PREFERENCE_CONTENT,
        Subcategory.PREFERENCE_INTERACTION,
        Subcategory.PREFERENCE_ENVIRONMENT,
        Subcategory.PREFERENCE_DIET,
        Subcategory.BIOGRAPHICAL_LIFESTYLE,
        Subcategory.OPINION_LIKES,
        Subcategory.OPINION_DISLIKES,
    }
)
"""General preferences, hobbies and interests → public when no sensitive signal matches."""

_PRIVATE_SUBCATEGORIES: frozenset[Subcategory] = frozenset(
    {Subcategory.BIOGRAPHICAL_HEALTH, Subcategory.RELATIONSHIP_FAMILY}
)


def _compile(words: Iterable[str]) -> re.Pattern[str]:
    ordered = sorted({w.casefold() for w in words}, key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(w) for w in ordered) + r")(?!\w)")


_SECRET_RE = _compile(SECRET_MARKERS)
_CREDENTIAL_RE = _compile(CREDENTIAL_KEYWORDS)
_SENSITIVE_HEALTH_RE = _compile(SENSITIVE_HEALTH_KEYWORDS)
_HEALTH_RE = _compile(HEALTH_KEYWORDS)
_FINANCE_RE = _compile(FINANCE_KEYWORDS)
_LEGAL_RE = _compile(LEGAL_KEYWORDS)
_COMPLAINT_RE = _compile(WORKPLACE_COMPLAINT_KEYWORDS)


def _normalise(text: str) -> str:
    return text.replace("\u2019", "'").replace("\u2018", "'").casefold()


@dataclass(frozen=True, slots=True)
class PrivacyAssessment:
    """A privacy level and the signals that produced it (for explaining and auditing)."""

    level: PrivacyLevel
    signals: tuple[str, ...]


def stricter(a: PrivacyLevel, b: PrivacyLevel) -> PrivacyLevel:
    """The stricter of two levels (secret > private > public)."""
    return a if a.rank >= b.rank else b


def has_secret_marker(text: str) -> bool:
    """True when ``text`` explicitly asks for secrecy ("don't tell anyone", "between us")."""
    return _SECRET_RE.search(_normalise(text)) is not None


def assess_privacy(
    text: str,
    *,
    category: FactCategory | None = None,
    subcategory: Subcategory | None = None,
) -> PrivacyAssessment:
    """Classify ``text`` (a source sentence, or a fact rendered as text) with the seed's table.

    ``category`` / ``subcategory`` supply the fallback when no keyword matches. The strictest
    signal wins; every matching signal is reported.
    """
    folded = _normalise(text)
    found: list[tuple[PrivacyLevel, str]] = []

    def hit(pattern: re.Pattern[str], level: PrivacyLevel, label: str) -> None:
        match = pattern.search(folded)
        if match is not None:
            found.append((level, f"{label}: {match.group(0)!r}"))

    hit(_SECRET_RE, PrivacyLevel.SECRET, "explicit secrecy marker")
    hit(_CREDENTIAL_RE, PrivacyLevel.SECRET, "credential")
    hit(_SENSITIVE_HEALTH_RE, PrivacyLevel.SECRET, "sensitive health condition")
    hit(_LEGAL_RE, PrivacyLevel.SECRET, "legal matter")
    hit(_HEALTH_RE, PrivacyLevel.PRIVATE, "health information")
    hit(_FINANCE_RE, PrivacyLevel.PRIVATE, "financial detail")
    complaint = _COMPLAINT_RE.search(folded)
    if complaint is not None and _WORK_CONTEXT.search(text):
        about_person = bool(
            _SPECIFIC_ROLE_AT_WORK.search(text) or _NAME_INSIDE_SENTENCE.search(text)
        )
        level = PrivacyLevel.SECRET if about_person else PrivacyLevel.PRIVATE
        detail = " about a specific person" if about_person else ""
        found.append((level, f"workplace complaint{detail}: {complaint.group(0)!r}"))
    if subcategory in _PRIVATE_SUBCATEGORIES:
        found.append((PrivacyLevel.PRIVATE, f"category {subcategory}"))
    if category is FactCategory.SECRET:
        found.append((PrivacyLevel.SECRET, "category secret"))

    if found:
        level = PrivacyLevel.PUBLIC
        for candidate, _ in found:
            level = stricter(level, candidate)
        return PrivacyAssessment(level, tuple(label for _, label in found))
    if subcategory in PUBLIC_SUBCATEGORIES:
        return PrivacyAssessment(PrivacyLevel.PUBLIC, (f"general preference ({subcategory})",))
    if subcategory is None and category in (FactCategory.OPINION, FactCategory.PREFERENCE):
        return PrivacyAssessment(PrivacyLevel.PUBLIC, (f"general preference ({category})",))
    return PrivacyAssessment(PrivacyLevel.PRIVATE, ("default: private",))


def classify_privacy(
    text: str,
    *,
    category: FactCategory | None = None,
    subcategory: Subcategory | None = None,
) -> PrivacyLevel:
    """Just the level of :func:`assess_privacy`."""
    return assess_privacy(text, category=category, subcategory=subcategory).level
