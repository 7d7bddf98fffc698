"""Training data of the shipped feedback model: three package files, one list of examples.

* ``feedback_training.jsonl`` — texts written for lucidmem v3, one JSON object per line
  ``{"lang", "text", "labels"}`` in 14 languages; ``labels`` lists the categories the
  text complains about, the main one first (two for texts that say two things), and is
  empty for texts that are no complaint (thanks, praise, unrelated messages, negated
  complaints such as "not too long at all").
* ``feedback_examples.yaml`` — the v2 example phrases (7 languages, one label each, plus
  ``not_feedback``), which also hold the categories' preference adjustments.
* ``feedback_templates.yaml`` — per language, phrase patterns whose Cartesian product
  gives more examples of each label (above all the direction and negation contrasts:
  "not detailed enough" / "too detailed" / "not too detailed at all"), and clauses
  joined in pairs into two-label texts. A fixed number is drawn per language and label
  with a fixed seed (30 per category, 50 non-complaints), so the list is the same on
  every run.

:func:`training_examples` returns all of them; :func:`training_data_hash` digests that
list (the weights file records it, so a test notices data changed without a retrain).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Final

import yaml

from lucidmem.errors import InvalidInputError

__all__ = [
    "DATA_FILES",
    "FeedbackExample",
    "read_examples",
    "template_examples",
    "training_data_hash",
    "training_examples",
    "v2_examples",
]

TRAINING_RESOURCE: Final[str] = "feedback_training.jsonl"
TEMPLATES_RESOURCE: Final[str] = "feedback_templates.yaml"
EXAMPLES_RESOURCE: Final[str] = "feedback_examples.yaml"
DATA_FILES: Final[tuple[str, ...]] = (TRAINING_RESOURCE, EXAMPLES_RESOURCE, TEMPLATES_RESOURCE)
TEMPLATE_SEED: Final[int] = 20250611
#: Examples drawn from the templates per language and category.
TEMPLATES_PER_LABEL: Final[int] = 30
#: ... and of non-complaints, whose patterns are the most varied (negations of every
#: category, "no complaints about ...", thanks).
NONE_TEMPLATES: Final[int] = 50
#: Two-label texts built from clause pairs per language.
PAIRS_PER_LANGUAGE: Final[int] = 30
CATEGORY_NAMES: Final[tuple[str, ...]] = (
    "too_verbose", "too_brief", "wrong_tone", "not_helpful", "incorrect_info")


@dataclass(frozen=True, slots=True)
class FeedbackExample:
    """One labelled text. ``labels`` is empty for a text that is no complaint."""

    lang: str
    text: str
    labels: tuple[str, ...]
    source: str = "v3"

    @property
    def primary(self) -> str | None:
        return self.labels[0] if self.labels else None


def _resource(name: str) -> str:
    return resources.files("lucidmem.behaviour").joinpath(name).read_text(encoding="utf-8")


def read_examples(path: str | Path, *, source: str = "v3") -> list[FeedbackExample]:
    """Examples of a JSON-lines file (``{"lang", "text", "labels"}`` per line)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise InvalidInputError(f"cannot read {path}: {exc.strerror}") from None
    return _parse_jsonl(text, str(path), source)


def _parse_jsonl(text: str, where: str, source: str) -> list[FeedbackExample]:
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            labels = tuple(str(label) for label in row["labels"])
            example = FeedbackExample(str(row["lang"]), str(row["text"]), labels, source)
        except (ValueError, KeyError, TypeError) as exc:
            raise InvalidInputError(f"{where}:{number}: not a feedback example ({exc})") from None
        unknown = [label for label in labels if label not in CATEGORY_NAMES]
        if unknown or not example.text.strip() or len(set(labels)) != len(labels):
            raise InvalidInputError(f"{where}:{number}: bad labels {labels} or empty text")
        out.append(example)
    return out


def v2_examples() -> list[FeedbackExample]:
    """The phrases of ``feedback_examples.yaml`` (one label each; not_feedback: none)."""
    data = yaml.safe_load(_resource(EXAMPLES_RESOURCE))
    out = [FeedbackExample(str(lang), phrase, (str(name),), "v2")
           for name, category in data["categories"].items()
           for lang, phrases in category["examples"].items() for phrase in phrases]
    out += [FeedbackExample(str(lang), phrase, (), "v2")
            for lang, phrases in data["not_feedback"]["examples"].items() for phrase in phrases]
    return out


def _draw(candidates: Sequence[str], count: int, key: str) -> list[str]:
    unique = sorted(set(candidates))
    random.Random(TEMPLATE_SEED + zlib.crc32(key.encode())).shuffle(unique)
    return unique[:count]


def _expand(patterns: Sequence[Sequence[Sequence[str]]]) -> list[str]:
    return ["".join(parts).strip() for pattern in patterns
            for parts in itertools.product(*pattern)]


def template_examples(data: Mapping[str, object] | None = None, *,
                      per_label: int = TEMPLATES_PER_LABEL, per_none: int = NONE_TEMPLATES,
                      pairs: int = PAIRS_PER_LANGUAGE) -> list[FeedbackExample]:
    """Examples drawn from ``feedback_templates.yaml`` (or ``data``), deterministically."""
    spec = yaml.safe_load(_resource(TEMPLATES_RESOURCE)) if data is None else data
    if not isinstance(spec, Mapping):
        raise InvalidInputError("feedback templates must map languages to labels")
    out: list[FeedbackExample] = []
    for lang, by_label in spec.items():
        if not isinstance(by_label, Mapping):
            raise InvalidInputError(f"feedback templates: {lang} must map labels to patterns")
        for label in (*CATEGORY_NAMES, "none"):
            count = per_none if label == "none" else per_label
            texts = _draw(_expand(by_label.get(label, [])), count, f"{lang}/{label}")
            labels = () if label == "none" else (label,)
            out += [FeedbackExample(str(lang), t, labels, "template") for t in texts]
        clauses, joiners = by_label.get("clauses", {}), by_label.get("joiners", [])
        combos = [
            (first, second, a, b, j)
            for first, second in itertools.permutations(CATEGORY_NAMES, 2)
            if first in clauses and second in clauses
            for a in clauses[first] for b in clauses[second] for j in joiners
        ]
        rng = random.Random(TEMPLATE_SEED + zlib.crc32(f"{lang}/pairs".encode()))
        for first, second, a, b, joiner in rng.sample(combos, min(pairs, len(combos))):
            text = f"{a}{joiner}{b}."
            out.append(FeedbackExample(str(lang), text[0].upper() + text[1:],
                                       (first, second), "template"))
    return out


def training_examples() -> list[FeedbackExample]:
    """Every training example: v3 texts, v2 phrases, template draws."""
    v3 = _parse_jsonl(_resource(TRAINING_RESOURCE), TRAINING_RESOURCE, "v3")
    return v3 + v2_examples() + template_examples()


def training_data_hash() -> str:
    """First 16 hex digits of the SHA-256 of :func:`training_examples` (texts, labels,
    languages, in order): comments and formatting of the files do not change it."""
    digest = hashlib.sha256()
    for example in training_examples():
        row = [example.lang, example.text, list(example.labels), example.source]
        digest.update(json.dumps(row, ensure_ascii=False).encode("utf-8"))
        digest.update(b"\n")
    return digest.hexdigest()[:16]
