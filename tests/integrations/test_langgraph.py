"""``LucidmemStore`` with the real LangGraph package: the BaseStore contract, a compiled
graph whose nodes remember and recall through it, and refusals that write nothing."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import TypedDict

import pytest
from langgraph.graph import END, START, StateGraph
from langgraph.runtime import Runtime
from langgraph.store.base import BaseStore

from lucidmem import InvalidInputError, Memory
from lucidmem.embedding import E5Embedder
from lucidmem.integrations.langgraph import LucidmemStore, matches


@pytest.fixture
def memory(tmp_path: Path, embedder: E5Embedder) -> Memory:
    return Memory(tmp_path, embedder=embedder)


def test_put_get_search_delete_through_the_base_store_api(memory: Memory) -> None:
    store: BaseStore = LucidmemStore(memory)
    ns = ("maya", "memories")
    store.put(ns, "food", {"text": "Maya is vegan and allergic to peanuts", "kind": "diet"})
    store.put(ns, "home", {"text": "Maya lives in Lisbon", "kind": "place", "since": 2021})
    store.put(("maya", "projects"), "p1", {"content": "Maya is writing a cello method"})
    store.put(("sam", "memories"), "food", {"text": "Sam eats everything"})
    got = store.get(ns, "food")
    assert got is not None and got.value["kind"] == "diet" and got.namespace == ns
    assert store.get(ns, "nothing") is None
    hits = store.search(("maya",), query="is Maya allergic to anything?", limit=2)
    assert hits[0].key == "food" and hits[0].score is not None
    assert all(h.namespace[0] == "maya" for h in store.search(("maya",), query="eats"))
    assert [h.key for h in store.search(ns, filter={"kind": "place"})] == ["home"]
    assert [h.key for h in store.search(ns, filter={"since": {"$gte": 2020}})] == ["home"]
    assert len(store.search(ns, limit=1)) == 1 and len(store.search(ns, offset=1)) == 1
    # an update keeps one item; its text is searchable under the new words
    store.put(ns, "home", {"text": "Maya moved to Porto", "kind": "place"})
    assert store.get(ns, "home").value["text"] == "Maya moved to Porto"  # type: ignore[union-attr]
    assert store.search(ns, query="Porto", limit=1)[0].key == "home"
    assert len(store.search(ns)) == 2
    assert store.list_namespaces(prefix=("maya",)) == [("maya", "memories"),
                                                      ("maya", "projects")]
    assert store.list_namespaces(prefix=("maya",), max_depth=1) == [("maya",)]
    assert store.list_namespaces(prefix=("maya",), suffix=("projects",)) == [
        ("maya", "projects")]
    store.delete(ns, "food")
    assert store.get(ns, "food") is None
    # the items are lucidmem memories of the user: forgetting the user forgets them
    # (turns only: a fact read from the old text, "Maya lives in Lisbon", stays active after
    # the update and the second ranking stage can put it close to the top)
    assert memory.search("Porto", user_id="maya", limit=1,
                         kinds=["turn"])[0].item.text == "Maya moved to Porto"
    memory.delete_all(user_id="maya")
    assert store.search(("maya",)) == [] and store.get(("sam", "memories"), "food")


def test_namespaces_without_a_user_are_refused_and_nothing_is_written(memory: Memory) -> None:
    store = LucidmemStore(memory)
    with pytest.raises(InvalidInputError, match="invalid user_id"):
        store.put(("a/b", "memories"), "k", {"text": "should not be kept"})
    second = LucidmemStore(memory, user_index=1)  # namespaces like ("memories", user_id)
    with pytest.raises(InvalidInputError, match="names no user"):
        second.put(("memories",), "k", {"text": "should not be kept"})
    with pytest.raises(InvalidInputError, match="names no user"):
        second.search(("memories",), query="anything")
    with pytest.raises(InvalidInputError, match="naming the user"):
        store.list_namespaces()
    assert memory.contexts() == [] or memory.stats().users == 0


def test_async_methods_do_not_block_and_agree(memory: Memory) -> None:
    store = LucidmemStore(memory)

    async def scenario() -> None:
        ns = ("maya", "notes")
        await asyncio.gather(*(store.aput(ns, f"n{i}", {"text": f"note {w}"})
                               for i, w in enumerate(["violin", "oboe", "harp"])))
        assert (await store.aget(ns, "n1")).value == {"text": "note oboe"}  # type: ignore[union-attr]
        hits = await store.asearch(ns, query="harp", limit=1)
        assert hits[0].key == "n2"
        await store.adelete(ns, "n0")
        assert sorted(h.key for h in await store.asearch(ns)) == ["n1", "n2"]

    asyncio.run(scenario())


class State(TypedDict):
    user_id: str
    message: str
    recalled: list[str]


def remember(state: State, runtime: Runtime) -> dict[str, object]:
    assert runtime.store is not None
    runtime.store.put((state["user_id"], "memories"), f"m{len(state['message'])}",
                      {"text": state["message"]})
    return {}


def recall(state: State, runtime: Runtime) -> dict[str, object]:
    assert runtime.store is not None
    hits = runtime.store.search((state["user_id"], "memories"), query=state["message"],
                                limit=3)
    return {"recalled": [h.value["text"] for h in hits]}


def test_a_compiled_graph_remembers_across_runs_per_user(memory: Memory) -> None:
    builder = StateGraph(State)
    builder.add_node("remember", remember)
    builder.add_node("recall", recall)
    builder.add_edge(START, "remember")
    builder.add_edge("remember", "recall")
    builder.add_edge("recall", END)
    graph = builder.compile(store=LucidmemStore(memory))
    graph.invoke({"user_id": "maya", "message": "My sister Ana is a nurse", "recalled": []})
    graph.invoke({"user_id": "sam", "message": "I collect vinyl records", "recalled": []})
    out = graph.invoke({"user_id": "maya", "message": "What does Ana do for work?",
                        "recalled": []})
    assert "My sister Ana is a nurse" in out["recalled"]
    assert not any("vinyl" in text for text in out["recalled"])  # never another user's
    facts = memory.facts.recall("my sister", user_id="maya")
    assert "nurse" in facts.answer  # the graph's memories feed lucidmem's facts


def test_filters() -> None:
    assert matches({"a": 1, "b": "x"}, {"a": 1}) and not matches({"a": 1}, {"a": 2})
    assert matches({"n": 5}, {"n": {"$gt": 3, "$lte": 5}}) and not matches({}, {"n": {"$gt": 3}})


def test_the_documented_example_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    doc = Path(__file__).resolve().parents[2] / "docs" / "integrations.md"
    blocks = re.findall(r"```python\n(.*?)```", doc.read_text(encoding="utf-8"), flags=re.S)
    monkeypatch.setenv("LUCIDMEM_DATA_DIR", str(tmp_path))
    namespace: dict[str, object] = {}
    exec(compile(blocks[0], str(doc), "exec"), namespace)
    graph = namespace["graph"]
    out = graph.invoke({"user_id": "maya", "message": "What does Ana do?",  # type: ignore[attr-defined]
                        "recalled": []})
    assert out["recalled"] == ["My sister Ana is a nurse"]
