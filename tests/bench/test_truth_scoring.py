"""The truth set's scoring rule on hand-made cases, and every data file against its format.

The rule is bench/data/truth/README.md "Scoring rule"; these cases pin it down so it cannot
drift while the extractor is tuned.
"""

from __future__ import annotations

import copy
import json
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from truth_format import (
    check_consistency,
    check_conversation,
    data_files,
    load,
    local_time,
    maybe_valid,
    period,
    surely_valid,
    turn_times,
    utc,
    validity,
)
from truth_scoring import (
    fact_is_true,
    matches,
    normalise,
    precision,
    verdict,
)

# -- normalisation and matching ---------------------------------------------------------------


def test_normalise_folds_case_width_diacritics_and_spaces() -> None:
    assert normalise("  Grüner\tTEE \n") == "gruner tee"
    assert normalise("Straße") == "strasse"
    assert normalise("Ｌｉｓｂｏａ") == "lisboa"          # fullwidth → NFKC
    assert normalise("ﬁsh") == "fish"                    # ligature → NFKC
    assert normalise("Île-de-France") == "ile-de-france"
    assert normalise("北京") == "北京"


@pytest.mark.parametrize(("alternative", "text", "expected"), [
    ("tea", "The user drinks green tea", True),
    ("tea", "The user is a teacher", False),
    ("tea", "The user likes iced-tea.", True),            # '-' is a boundary
    ("green tea", "The user drinks Green  Tea daily", True),
    ("grünen Tee", "Der Nutzer trinkt gruenen Tee", False),  # ü is not ue
    ("grünen Tee", "Der Nutzer trinkt grünen Tee", True),
    ("Zürich", "The user lives in Zurich", True),
    ("14.03.", "Dentist on 14.03. at 9", True),
    ("14.03.", "Dentist on 14.03.2025", True),            # '.' edge: no boundary needed
    ("14.03.", "Dentist on 114.03.", False),
    ("4 march", "Dentist on 14 March 2025", False),
    ("14 march", "Dentist on 14 March 2025", True),
    ("2025-03-14", "Dentist on 2025-03-14", True),
    ("march 14", "Dentist on March 14th", False),          # 'th' continues the word
    ("porto", "The user lives in Portofino", False),
    ("porto", "The user lives in Porto.", True),
    ("c++", "The user codes in C++ at work", True),
    ("北京", "用户住在北京市", True),                        # CJK: plain substring
    ("上海", "用户住在北京", False),
    ("", "anything", False),
    ("   ", "anything", False),
])
def test_matches(alternative: str, text: str, expected: bool) -> None:
    assert matches(alternative, text) is expected


# -- verdicts ----------------------------------------------------------------------------------

def _q(**fields: Any) -> dict[str, Any]:
    return {"id": "xx-01-q1", "type": "current", "kind": "supersede", "ask": "?", **fields}


def test_every_group_needs_one_alternative() -> None:
    question = _q(expect=[["lisbon", "lissabon", "lisboa"], ["nurse", "krankenschwester"]])
    assert verdict(question, ["The user lives in Lisboa", "The user works as a nurse"]).passed
    result = verdict(question, ["The user lives in Lisboa"])
    assert not result.passed
    assert result.missing == ("nurse",)


def test_reject_fails_the_question_even_when_expect_is_met() -> None:
    question = _q(expect=[["lisbon"]], reject=["porto"])
    assert verdict(question, ["The user lives in Lisbon"]).passed
    result = verdict(question, ["The user lives in Lisbon", "The user lives in Porto"])
    assert not result.passed
    assert result.rejected == ("porto",)


def test_empty_expect_passes_when_nothing_rejected() -> None:
    question = _q(expect=[], reject=["canada"])
    assert verdict(question, []).passed
    assert verdict(question, ["The user likes hiking"]).passed
    assert not verdict(question, ["The user lives in Canada"]).passed


def test_groups_are_matched_per_fact_never_across_two() -> None:
    question = _q(expect=[["green tea"]])
    assert not verdict(question, ["The user likes green", "Tea is fine"]).passed


def test_empty_answer_fails_a_question_that_expects_something() -> None:
    assert not verdict(_q(expect=[["x"]]), []).passed


def test_ordered_history_needs_strictly_increasing_positions() -> None:
    question = _q(type="history", expect=[["porto"], ["lisbon"]], ordered=True)
    assert verdict(question, ["lives in Porto", "likes jazz", "lives in Lisbon"]).passed
    wrong = verdict(question, ["lives in Lisbon", "lives in Porto"])
    assert not wrong.passed and wrong.out_of_order and not wrong.missing
    # one fact naming both values is not a history of two versions
    assert not verdict(question, ["moved from Porto to Lisbon"]).passed
    # an earlier stray mention does not block a later correct order
    assert verdict(question, ["lives in Lisbon", "lives in Porto", "lives in Lisbon"]).passed


def test_unordered_history_ignores_order() -> None:
    question = _q(type="history", expect=[["porto"], ["lisbon"]])
    assert verdict(question, ["lives in Lisbon", "lives in Porto"]).passed


# -- precision ---------------------------------------------------------------------------------

FACTS = [
    {"about": "residence", "keys": [["porto"]]},
    {"about": "sister", "keys": [["sister", "schwester"], ["anna"]]},
]


def test_a_fact_is_true_when_it_matches_every_key_group_of_one_expected_fact() -> None:
    assert fact_is_true("The user lives in Porto", FACTS)
    assert fact_is_true("The user's sister is Anna", FACTS)
    assert not fact_is_true("The user is Anna", FACTS)          # half of the sister's keys
    assert not fact_is_true("The user lives in Lisbon", FACTS)


def test_precision_counts_true_over_stored_and_empty_as_one() -> None:
    result = precision(["The user lives in Porto", "The user lives in Lisbon"], FACTS)
    assert (result.true, result.stored, result.value) == (1, 2, 0.5)
    assert result.false_texts == ["The user lives in Lisbon"]
    empty = precision([], FACTS)
    assert (empty.value, empty.empty) == (1.0, 1)
    total = copy.deepcopy(result)
    total += empty
    assert (total.true, total.stored, total.empty) == (1, 2, 1)


# -- time --------------------------------------------------------------------------------------

def test_turn_times_step_one_two_three_minutes() -> None:
    session = {"at": "2025-03-30T18:58:00", "turns": [{"role": "user", "content": "x"}] * 5}
    times = turn_times(session, "Europe/London")
    assert [t.strftime("%H:%M") for t in times] == ["18:58", "18:59", "19:01", "19:04",
                                                    "19:05"]


def test_local_times_become_utc_with_daylight_saving() -> None:
    assert utc("2025-01-10T12:00:00", "Europe/London").hour == 12
    assert utc("2025-07-10T12:00:00", "Europe/London").hour == 11
    assert utc("2025-07-10T12:00:00", "Asia/Shanghai").hour == 4
    with pytest.raises(ValueError):
        utc("2025-07-10T12:00:00+02:00", "Europe/London")


def test_period_of_partial_times() -> None:
    start, end = period("2025-12", "Europe/Berlin")
    assert (start.month, end.year, end.month) == (12, 2026, 1)
    start, end = period("2025-02-28", "Europe/Berlin")
    assert (end - start).days == 1
    with pytest.raises(ValueError):
        period("March 2025", "Europe/Berlin")


# -- the format checks themselves ----------------------------------------------------------

GOOD: dict[str, Any] = {
    "id": "xx-01", "language": "xx", "split": "dev", "timezone": "Europe/London",
    "kinds": ["supersede"],
    "sessions": [
        {"at": f"2025-0{m}-01T19:00:00", "turns": [
            {"role": "user", "content": f"user says {i}"} if i % 2 == 0 else
            {"role": "assistant", "content": "ok"} for i in range(4)]}
        for m in (1, 2, 6)],
    "asked_at": "2025-11-20T10:00:00",
    "expected_facts": [
        {"about": "residence", "keys": [["porto"]], "valid_from": "2025-01",
         "valid_to": "2025-06"},
        {"about": "residence", "keys": [["lisbon"]], "valid_from": "2025-06"}],
    "questions": [
        {"id": "xx-01-q1", "type": "current", "kind": "supersede", "ask": "?",
         "expect": [["lisbon"]], "reject": ["porto"]},
        {"id": "xx-01-q2", "type": "as_of", "as_of": "2025-03-01T12:00:00",
         "kind": "supersede", "ask": "?", "expect": [["porto"]], "reject": ["lisbon"]},
        {"id": "xx-01-q3", "type": "history", "kind": "supersede", "ask": "?",
         "expect": [["porto"], ["lisbon"]], "ordered": True}],
}


def test_a_good_conversation_passes_both_checks() -> None:
    assert check_conversation(GOOD, language="xx", split="dev") == []
    assert check_consistency(GOOD) == []


@pytest.mark.parametrize(("change", "needle"), [
    (lambda c: c.pop("kinds"), "keys"),
    (lambda c: c.update(split="test"), "split"),
    (lambda c: c.update(timezone="Mars/Olympus"), "timezone"),
    (lambda c: c["questions"][1].pop("as_of"), "as_of"),
    (lambda c: c["questions"][1].update(as_of="2025-12-01T00:00:00"), "after asked_at"),
    (lambda c: c["questions"][0].update(kind="retraction"), "kind"),
    (lambda c: c["questions"][0].update(ordered=True), "ordered"),
    (lambda c: c["questions"][2].update(type="current"), "every type"),
    (lambda c: c["questions"][0].update(expect=[[]]), "expect"),
    (lambda c: c["sessions"][0]["turns"][0].update(role="system"), "role"),
    (lambda c: c["sessions"][2].update(at="2025-01-01T19:01:00"), "previous session"),
    (lambda c: c["sessions"][0].update(at="2025-01-01T23:58:00"), "midnight"),
    (lambda c: c.update(asked_at="2025-06-01T19:02:00"), "asked_at"),
    (lambda c: c["expected_facts"][0].update(valid_to="2024-12"), "before valid_to"),
    (lambda c: c["expected_facts"][0].update(valid_from="2025-02", valid_to="2025-01-31"),
     "before valid_to"),
    (lambda c: c["expected_facts"][0].update(valid_from="2025-02-01T10:00",
                                             valid_to="2025-02-01T10:00"), "before valid_to"),
    (lambda c: c["sessions"].pop(), "sessions"),
])
def test_format_errors_are_caught(change: Any, needle: str) -> None:
    conv = copy.deepcopy(GOOD)
    change(conv)
    errors = check_conversation(conv, language="xx", split="dev")
    assert any(needle in e for e in errors), errors


def test_bounds_name_periods_so_both_may_name_the_same_month() -> None:
    """README "Expected facts": "2025-02" to "2025-02" is a statement true for part of
    February; it is possibly valid during February, surely valid on no day of it."""
    conv = copy.deepcopy(GOOD)
    conv["expected_facts"].append({"about": "stay", "keys": [["vienna"]],
                                   "valid_from": "2025-02", "valid_to": "2025-02"})
    assert check_conversation(conv, language="xx", split="dev") == []
    fact, zone = conv["expected_facts"][-1], conv["timezone"]
    assert maybe_valid(fact, local_time("2025-02-14T12:00:00", zone), zone)
    assert not maybe_valid(fact, local_time("2025-03-01T12:00:00", zone), zone)
    assert not surely_valid(fact, local_time("2025-02-14T12:00:00", zone), zone)
    # a question on 14 February may neither expect nor reject it
    conv["questions"][1].update(as_of="2025-02-14T12:00:00", reject=["lisbon", "vienna"])
    assert any("reject 'vienna'" in e for e in check_consistency(conv))
    conv["questions"][1].update(expect=[["vienna"]], reject=[])
    assert any("expect 'vienna'" in e for e in check_consistency(conv))


@pytest.mark.parametrize(("change", "needle"), [
    # reject names a value that is true at asked_at
    (lambda c: c["questions"][0].update(reject=["lisbon"]), "reject 'lisbon'"),
    # expect names a value no longer valid at asked_at
    (lambda c: c["questions"][0].update(expect=[["porto"]], reject=[]), "expect 'porto'"),
    # as_of before the move expects the later home
    (lambda c: c["questions"][1].update(expect=[["lisbon"]], reject=[]), "expect 'lisbon'"),
    (lambda c: c["questions"][2].update(expect=[["lisbon"], ["porto"]]), "order"),
    (lambda c: c["questions"][2].update(reject=["porto"]), "reject 'porto'"),
])
def test_inconsistent_questions_are_caught(change: Any, needle: str) -> None:
    conv = copy.deepcopy(GOOD)
    change(conv)
    assert check_conversation(conv, language="xx", split="dev") == []
    errors = check_consistency(conv)
    assert any(needle in e for e in errors), errors


# -- the data ----------------------------------------------------------------------------------

FILES = data_files()


def _conversations() -> list[tuple[Path, int, Any]]:
    return [(path, number, conv) for path in FILES for number, conv in load(path)]


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_line_parses(path: Path) -> None:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        assert line.strip(), f"{path.name}:{number}: empty line"
        assert isinstance(json.loads(line), dict), f"{path.name}:{number}"


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_conversation_is_well_formed_and_consistent(path: Path) -> None:
    language, split = path.stem.split("_")
    problems = []
    for number, conv in load(path):
        errors = check_conversation(conv, language=language, split=split)
        errors = errors or check_consistency(conv)
        problems += [f"{path.name}:{number} {conv.get('id')}: {e}" for e in errors]
    assert not problems, "\n".join(problems)


def test_ids_are_unique_across_files() -> None:
    seen: dict[str, str] = {}
    for path, number, conv in _conversations():
        cid = conv.get("id")
        assert cid not in seen, f"{cid} in {seen.get(cid)} and {path.name}:{number}"
        seen[cid] = f"{path.name}:{number}"


def test_both_halves_exist_for_every_language() -> None:
    halves: dict[str, set[str]] = {}
    for path in FILES:
        language, split = path.stem.split("_")
        halves.setdefault(language, set()).add(split)
    for language, splits in halves.items():
        assert splits == {"dev", "test"}, f"{language}: only {sorted(splits)}"


def _oracle(conv: dict[str, Any], question: dict[str, Any]) -> list[str]:
    """What a perfect memory would answer, built from the expected facts (all spellings)."""
    zone = conv["timezone"]
    facts = conv["expected_facts"]
    if question["type"] == "history":
        floor = datetime.min.replace(tzinfo=UTC)
        chosen = sorted(facts, key=lambda f: validity(f, zone)[0] or floor)
    else:
        moment = question["as_of"] if question["type"] == "as_of" else conv["asked_at"]
        at = local_time(moment, zone)
        chosen = [f for f in facts if surely_valid(f, at, zone)]
    return [" ; ".join(alt for group in f["keys"] for alt in group) for f in chosen]


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_a_memory_holding_exactly_the_expected_facts_passes_every_question(path: Path) -> None:
    failed = []
    for _, conv in load(path):
        for question in conv["questions"]:
            result = verdict(question, _oracle(conv, question))
            if not result.passed:
                failed.append(f"{question['id']}: {result}")
    assert not failed, "\n".join(failed)
