"""bench/truth.py end to end on one small conversation: the adapter still speaks lucidmem's
API, answers reach the scorer, and the raw-turns baseline sees only what was said by then."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import truth

CONVERSATION: dict[str, Any] = {
    "id": "xx-01", "language": "xx", "split": "dev", "timezone": "Europe/London",
    "kinds": ["supersede"],
    "sessions": [
        {"at": f"2025-0{m}-01T19:00:00", "turns": [
            {"role": "user", "content": text}, {"role": "assistant", "content": "ok"},
            {"role": "user", "content": "thanks"}, {"role": "assistant", "content": "ok"}]}
        for m, text in ((1, "I live in Porto"), (2, "I like jazz"),
                        (6, "I moved to Lisbon last week"))],
    "asked_at": "2025-11-20T10:00:00",
    "expected_facts": [
        {"about": "residence", "keys": [["porto"]], "valid_to": "2025-06"},
        {"about": "residence", "keys": [["lisbon"]], "valid_from": "2025-06"},
        {"about": "music", "keys": [["jazz"]]}],
    "questions": [
        {"id": "xx-01-q1", "type": "current", "kind": "supersede", "ask": "?",
         "expect": [["lisbon"]], "reject": ["porto"]},
        {"id": "xx-01-q2", "type": "as_of", "as_of": "2025-03-01T12:00:00",
         "kind": "supersede", "ask": "?", "expect": [["porto"]], "reject": ["lisbon"]},
        {"id": "xx-01-q3", "type": "history", "kind": "supersede", "ask": "?",
         "expect": [["porto"], ["lisbon"]], "ordered": True}],
}


def test_replay_asks_every_question_and_measures_precision() -> None:
    outcome, extractor = truth.replay(CONVERSATION, consolidate=False)
    assert extractor
    assert [q["id"] for q, _, _ in outcome.verdicts] == [q["id"] for q in CONVERSATION["questions"]]
    assert outcome.turns == 12
    assert outcome.precision is not None
    assert outcome.precision.stored == sum(n for s, n in outcome.statuses.items()
                                           if s != "retracted")


def test_raw_turns_answer_with_what_the_user_had_said_by_then() -> None:
    outcome = truth.raw_turns(CONVERSATION)
    answers = {q["id"]: items for q, _, items in outcome.verdicts}
    assert "I moved to Lisbon last week" in answers["xx-01-q1"]
    assert "I moved to Lisbon last week" not in answers["xx-01-q2"]      # as_of 1 March
    assert all(not t.startswith("ok") for t in answers["xx-01-q1"])       # user turns only
    passed = {q["id"]: r.passed for q, r, _ in outcome.verdicts}
    assert passed == {"xx-01-q1": False, "xx-01-q2": True, "xx-01-q3": True}


def test_the_last_line_is_test_accuracy(capsys: Any, monkeypatch: Any) -> None:
    monkeypatch.setattr(truth, "conversations",
                        lambda split, lang, limit, ids=(): [dict(CONVERSATION, split=split)])
    assert truth.main(["--raw-turns"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1].startswith("test_accuracy=")
    assert "raw turns" in lines[1]


def test_the_same_evaluation_runs_against_an_llm_endpoint(capsys: Any, monkeypatch: Any) -> None:
    """``--llm-base-url`` replays the set through the LLM extractor, here a local
    OpenAI-compatible server that reads "I live in X" / "I moved to X" and, once it has been
    shown the user's current facts, supersedes the old home by id."""
    import json
    import re
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    seen: list[dict[str, Any]] = []

    def answer(body: dict[str, Any]) -> dict[str, Any]:
        content = json.loads(body["messages"][1]["content"])
        seen.append(content)
        facts = []
        for turn in content["turns"]:
            m = re.search(r"I (?:live in|moved to) (\w+)", turn["text"])
            if m is None:
                continue
            old = [k for k in content.get("known_facts", []) if k["slot"] == "residence"]
            facts.append({
                "turn_id": turn["turn_id"], "category": "biographical",
                "subcategory": "biographical.personal", "subject": "user",
                "predicate": "lives_in", "object": m.group(1), "confidence": 0.9,
                "emotional_intensity": 0.3, "privacy": "private", "temporal_text": None,
                "negated": False, "is_change": "moved" in turn["text"],
                "is_correction": False, "one_off": False, "context": None, "language": "en",
                "text": f"The user lives in {m.group(1)}",
                "action": "supersede" if old else "state",
                "target_fact_id": old[0]["id"] if old else None})
        return {"choices": [{"message": {"content": json.dumps({"facts": facts})}}]}

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["content-length"])))
            data = json.dumps(answer(body)).encode()
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    monkeypatch.setattr(truth, "conversations",
                        lambda split, lang, limit, ids=(): [dict(CONVERSATION, split=split)])
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/v1"
        assert truth.main(["--split", "test", "--llm-base-url", url, "--llm-model", "m"]) == 0
    finally:
        server.shutdown()
        server.server_close()
        truth.LLM.clear()
    out = capsys.readouterr().out
    assert "extractor: llm" in out
    assert out.strip().splitlines()[-1] == "test_accuracy=1.0000"
    assert any(k.get("known_facts") for k in seen)  # the model was shown what it knew


def test_ids_choose_the_conversations_scored() -> None:
    chosen = truth.conversations("dev", None, None, ["en-15", "zh-12"])
    assert sorted(c["id"] for c in chosen) == ["en-15", "zh-12"]
    assert truth.conversations("dev", None, None, ["no-such-id"]) == []


def test_retyping_changes_only_what_the_user_said() -> None:
    conv = {"sessions": [{"turns": [
        {"role": "user", "content": "I'm at Tesco. It's great! Ok?"},
        {"role": "assistant", "content": "That's nice."}]}], "questions": [{"ask": "Q."}]}
    out = truth.retyped(conv, ["curly-apostrophes", "lowercase", "no-stops"])
    assert out["sessions"][0]["turns"][0]["content"] == "i’m at tesco it’s great ok?"
    assert out["sessions"][0]["turns"][1]["content"] == "That's nice."
    assert out["questions"] == conv["questions"]
    assert conv["sessions"][0]["turns"][0]["content"] == "I'm at Tesco. It's great! Ok?"
    with pytest.raises(ValueError, match="unknown retyping 'shouting'"):
        truth.retyped(conv, ["shouting"])
