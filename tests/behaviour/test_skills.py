"""Skills, the 16 style dimensions and the packaged base skills."""

from __future__ import annotations

import dataclasses
import itertools
import math
from pathlib import Path

import pytest

from lucidmem.behaviour.context_signals import INTENTS, SENTIMENTS, TIMES_OF_DAY
from lucidmem.behaviour.dimensions import (
    DIMENSIONS,
    NUM_DIMENSIONS,
    dimension_index,
    dimensions_from_mapping,
    neutral_vector,
    validate_dimensions,
)
from lucidmem.behaviour.formulas import preference_alignment
from lucidmem.behaviour.skills import (
    Skill,
    TriggerContext,
    default_skill,
    load_base_skills,
    parse_skills,
)
from lucidmem.errors import InvalidInputError

SEED_SKILLS = {
    "concise_response", "detailed_explanation", "casual_chat", "technical_precision",
    "empathy_direct", "empathy_subtle", "proactive_suggestions", "reactive_only",
    "code_review_constructive", "summarize_key_points",
}


def _skill(**changes: object) -> Skill:
    base: dict[str, object] = {
        "id": "my_skill", "name": "Mine", "description": "", "template": "Be nice.",
        "dimensions": [0.5] * 16,
    }
    base.update(changes)
    return Skill(**base)  # type: ignore[arg-type]


def test_dimension_names_and_order() -> None:
    assert NUM_DIMENSIONS == 16
    assert DIMENSIONS[:3] == ("verbosity", "formality", "technical_depth")
    assert DIMENSIONS[13] == "creativity"
    assert DIMENSIONS[14:] == ("reserved_1", "reserved_2")
    assert dimension_index("directness") == 10
    assert neutral_vector().tolist() == [0.5] * 16
    with pytest.raises(InvalidInputError, match="unknown style dimension"):
        dimension_index("verbose")


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ([0.5] * 15, "has 15 values but needs exactly 16"),
        ([0.5] * 15 + [1.2], "reserved_2 is 1.2, outside \\[0, 1\\]"),
        ([-0.1] + [0.5] * 15, "verbosity is -0.1"),
        ([math.nan] + [0.5] * 15, "outside"),
        ([True] + [0.5] * 15, "give a number"),
        ("0.5" * 16, "not a string"),
    ],
)
def test_validate_dimensions_errors(values: object, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        validate_dimensions(values)  # type: ignore[arg-type]


def test_dimensions_from_mapping() -> None:
    full = {name: 0.1 for name in DIMENSIONS[:14]}
    assert dimensions_from_mapping(full) == tuple([0.1] * 14 + [0.5, 0.5])
    with pytest.raises(InvalidInputError, match="missing dimension"):
        dimensions_from_mapping({"verbosity": 0.2})
    with pytest.raises(InvalidInputError, match="unknown dimension"):
        dimensions_from_mapping({**full, "verbosness": 0.2})


def test_base_skills_content() -> None:
    skills = load_base_skills()
    ids = [s.id for s in skills]
    assert len(skills) == 13 and len(set(ids)) == 13
    assert set(ids) >= SEED_SKILLS
    by_id = {s.id: s for s in skills}
    # the seed's own vectors for its two worked examples
    assert by_id["concise_response"].dimensions == (
        0.2, 0.5, 0.5, 0.5, 0.3, 0.7, 0.4, 0.5, 0.5, 0.5, 0.6, 0.5, 0.5, 0.5, 0.5, 0.5)
    assert by_id["detailed_explanation"].dimensions == (
        0.9, 0.6, 0.7, 0.5, 0.4, 0.6, 0.8, 0.7, 0.6, 0.6, 0.6, 0.6, 0.7, 0.5, 0.5, 0.5)
    v = DIMENSIONS.index
    assert by_id["reactive_only"].dimensions[v("proactivity")] < 0.2
    assert by_id["proactive_suggestions"].dimensions[v("proactivity")] > 0.8
    assert by_id["empathy_direct"].dimensions[v("emotional_expression")] > \
        by_id["empathy_subtle"].dimensions[v("emotional_expression")]
    for s in skills:
        assert s.is_base and len(s.template) > 40 and s.description
        assert set(s.trigger.intents) <= set(INTENTS) and s.trigger.intents
        assert set(s.trigger.sentiments) <= set(SENTIMENTS)
        assert set(s.trigger.times_of_day) <= set(TIMES_OF_DAY)
        assert s.trigger.topics
    for a, b in itertools.combinations(skills, 2):
        assert preference_alignment(a.vector(), b.vector()) < 0.97, (a.id, b.id)


def test_default_skill_is_marked_and_neutral() -> None:
    d = default_skill()
    assert d.id == "balanced_answer" and d in load_base_skills()
    assert preference_alignment(neutral_vector(), d.vector()) > 0.97


def test_trigger_match() -> None:
    t = load_base_skills()[0].trigger  # concise_response
    # intent + sentiment + time + 0.3*0.5 = 0.4 + 0.15 + 0.15 + 0.15 = 0.85
    assert t.match("question", "neutral", "morning", 0.5) == pytest.approx(0.85)
    # intent only, topic 0: 0.4 -> not applicable at 0.5
    assert t.match("request", "negative", "night", 0.0) == pytest.approx(0.4)
    assert TriggerContext().match("question", "neutral", "morning", 1.0) == pytest.approx(0.3)


def test_skill_validation() -> None:
    s = _skill(dimensions=[0.25] * 16, trigger=TriggerContext(intents=("question",)))
    assert s.dimensions == (0.25,) * 16 and not s.is_base
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.name = "other"  # type: ignore[misc]
    with pytest.raises(InvalidInputError, match="needs exactly 16"):
        _skill(dimensions=[0.5] * 12)
    with pytest.raises(InvalidInputError, match="outside"):
        _skill(dimensions=[0.5] * 15 + [2.0])
    with pytest.raises(InvalidInputError, match="skill id"):
        _skill(id="Bad Id")
    with pytest.raises(InvalidInputError, match="template must not be empty"):
        _skill(template="  ")
    with pytest.raises(InvalidInputError, match="lower-case labels"):
        TriggerContext(intents=("Question!",))
    with pytest.raises(InvalidInputError, match="must be a list"):
        TriggerContext(intents="question")  # type: ignore[arg-type]


def test_parse_skills_errors() -> None:
    good = {"id": "x_skill", "name": "X", "template": "Do X.", "dimensions": [0.5] * 16}
    assert parse_skills({"skills": [good]}, is_base=False)[0].id == "x_skill"
    with pytest.raises(InvalidInputError, match="duplicate skill id"):
        parse_skills({"skills": [good, good]}, is_base=False)
    with pytest.raises(InvalidInputError, match="unknown key"):
        parse_skills({"skills": [{**good, "colour": "red"}]}, is_base=False)
    with pytest.raises(InvalidInputError, match="unknown trigger key"):
        parse_skills({"skills": [{**good, "trigger": {"intent": ["question"]}}]}, is_base=False)
    with pytest.raises(InvalidInputError, match="skill x_skill: dimensions"):
        parse_skills({"skills": [{**good, "dimensions": [0.5] * 17}]}, is_base=False)
    with pytest.raises(InvalidInputError, match="'skills' list"):
        parse_skills([good], is_base=False)


def test_load_from_path(tmp_path: Path) -> None:
    p = tmp_path / "skills.yaml"
    p.write_text(
        "default_skill: a_skill\nskills:\n  - {id: a_skill, name: A, template: Do A.,"
        " dimensions: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 0, 0, 0, 0, 0, 0]}\n",
        encoding="utf-8",
    )
    assert load_base_skills(p)[0].dimensions[9] == 1.0
    assert default_skill(p).id == "a_skill"
    bad = tmp_path / "bad.yaml"
    bad.write_text("default_skill: nope\nskills: []\n", encoding="utf-8")
    with pytest.raises(InvalidInputError, match="default_skill"):
        load_base_skills(bad)
    with pytest.raises(InvalidInputError, match="cannot read"):
        load_base_skills(tmp_path / "missing.yaml")
