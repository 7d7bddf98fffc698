"""Core commands: demo, add, search, import, export, stats."""

from __future__ import annotations

import json
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from .app import app, open_memory

if TYPE_CHECKING:  # the commands import what they use, so --help stays fast
    from ..memory import Memory
    from ..types import MemoryItem

console = Console()

UserOption = Annotated[str, typer.Option("--user", "-u", help="User id the memories belong to.")]


def _demo_data() -> dict[str, Any]:
    """The bundled conversation, moved in time by whole weeks so that its last message was
    at most a week ago (weekdays stay what they were: "next Tuesday" still is one).

    Fact confidence decays with age (about 0.7 % a day), so replaying the sessions at
    their written dates months later would show every fact as a pruning candidate. The
    truth questions move with it: their ``as_of`` (and ``{as_of}`` in a question's text)
    and the ``date:YYYY-MM-DD`` they expect.
    """
    text = resources.files("lucidmem.data").joinpath("demo_conversation.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    messages = [m for c in data["conversations"] for m in c["messages"]]
    last = max(datetime.fromisoformat(m["timestamp"]) for m in messages)
    shift = timedelta(weeks=max(0, (datetime.now(UTC) - timedelta(days=1) - last).days // 7))
    for message in messages:
        message["timestamp"] = (datetime.fromisoformat(message["timestamp"]) + shift).isoformat()
    for question in data.get("truth", []):
        if question.get("as_of"):
            moved = datetime.fromisoformat(question["as_of"]) + shift
            question["as_of"] = moved.isoformat()
            question["ask"] = question["ask"].replace("{as_of}", _day_text(moved))
        question["expect"] = [_moved_date(e, shift) for e in question["expect"]]
        question["reject"] = [_moved_date(r, shift) for r in question.get("reject", [])]
    return data


def _moved_date(value: str, shift: timedelta) -> str:
    """``date:2026-04-01`` → the moved day as facts write it ("1 april 2026"), else as is."""
    if not value.startswith("date:"):
        return value
    return _day_text(datetime.fromisoformat(value[5:]) + shift).casefold()


def _day_text(day: datetime) -> str:
    """A day as facts write it: "1 April 2026"."""
    return f"{day.day} {day.strftime('%B')} {day.year}"


@app.command()
def demo(
    ctx: typer.Context,
    keep: Annotated[bool, typer.Option(help="Store the demo in --data-dir instead of a "
                                            "temporary directory.")] = False,
) -> None:
    """Ingest a sample multi-session conversation and show what search finds, with timings."""
    from ..memory import Memory

    data = _demo_data()
    user = data["user_id"]
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        memory = open_memory(ctx) if keep else Memory(tmp)
        with memory:
            load_ms = (time.perf_counter() - started) * 1000
            console.print(f"[bold]lucidmem demo[/bold] — {data['description']}")
            console.print(f"opened memory in {load_ms:.0f} ms ({memory.kernel.embedder.name})")
            total = sum(len(c["messages"]) for c in data["conversations"])
            started = time.perf_counter()
            with _progress() as bar:
                task = bar.add_task("remembering", total=total)
                for conversation in data["conversations"]:
                    memory.add(conversation["messages"], user_id=user,
                               conversation_id=conversation["id"])
                    bar.advance(task, len(conversation["messages"]))
            seconds = time.perf_counter() - started
            console.print(f"remembered {total} messages from {len(data['conversations'])} "
                          f"sessions in {seconds:.2f} s ({total / seconds:.0f} messages/s)")
            # Vectors and facts are made after `add` returns; wait for them here so the
            # search timings below are those of a search, not of the first catch-up.
            started = time.perf_counter()
            memory.flush()
            console.print(f"embedded them and read their facts in "
                          f"{time.perf_counter() - started:.1f} s")
            _show_searches(memory, user, data["queries"])
            _show_truth(memory, user, data.get("truth", []))
            _show_facts(memory, user)


def _hit_mentions(memory: Memory, user: str, item: MemoryItem,
                  expect: str | list[str]) -> bool:
    """Whether a hit, or for a fact the turns it was learned from, contains ``expect`` (one
    of them when it lists several: the same answer in each language it was said in)."""
    wanted = [expect] if isinstance(expect, str) else expect
    if any(w in item.text.lower() for w in wanted):
        return True
    sources = [str(t) for t in item.metadata.get("source_turn_ids", [])]
    turns = memory.get_all(user_id=user, kinds=["turn"], limit=10_000) if sources else []
    return any(t.id in sources and any(w in t.text.lower() for w in wanted) for t in turns)


def _show_searches(memory: Memory, user: str, queries: list[dict[str, Any]]) -> None:
    table = Table(title="What the memory finds (best of the top 3)", show_lines=True)
    for column in ("query", "best match", "kind", "ms", "ok"):
        table.add_column(column)
    found = 0
    for query in queries:
        started = time.perf_counter()
        hits = memory.search(query["query"], user_id=user, limit=3)
        elapsed = (time.perf_counter() - started) * 1000
        ok = any(_hit_mentions(memory, user, h.item, query["expect"]) for h in hits)
        found += ok
        best = hits[0].item if hits else None
        table.add_row(query["query"], best.text if best else "—", best.kind if best else "",
                      f"{elapsed:.1f}", "✓" if ok else "✗")
    console.print(table)
    console.print(f"{found}/{len(queries)} queries found the expected message (or a fact "
                  "learned from it) in the top 3.")


def _truth_answer(memory: Memory, user: str, question: dict[str, Any]) -> tuple[list[str],
                                                                               list[str]]:
    """(the facts that answer ``question``, every fact held then): the facts true at its
    moment (now, or ``as_of``) ranked by relevance to the question, the relevant ones."""
    from ..facts.relevance import about_the_user, relevance_for

    held = memory.facts.list(user_id=user, as_of=question.get("as_of"), mode="true") \
        if question.get("as_of") else memory.facts.list(user_id=user)
    texts = [f.text for f in held]
    if not texts:
        return [], []
    embedder = memory.kernel.embedder
    names = [f.object for f in held if f.subject == "user" and f.predicate == "name"]
    ask = about_the_user(question["ask"], names)
    scores = relevance_for(embedder).scores(embedder.embed_queries([ask])[0],
                                            embedder.embed_passages(texts))
    ranked = sorted(zip(scores, texts, strict=True), reverse=True)
    return [t for s, t in ranked[:2] if s >= TRUTH_MIN_RELEVANCE], texts


TRUTH_MIN_RELEVANCE = 0.2
"""Relevance from which a fact answers a demo question."""


def _show_truth(memory: Memory, user: str, questions: list[dict[str, Any]]) -> None:
    if not questions:
        return
    table = Table(title="What is true, from the facts alone (a move, a changed habit, a "
                  "corrected date, a retraction, a daydream)", show_lines=True)
    for column in ("question", "answer", "ok"):
        table.add_column(column)
    right = 0
    for question in questions:
        answer, _ = _truth_answer(memory, user, question)
        said = " ".join(answer).casefold()
        ok = all(e in said for e in question["expect"]) and not any(
            r in said for r in question.get("reject", []))
        right += ok
        label = question["ask"] + (f"  (as of {question['as_of'][:10]})"
                                   if question.get("as_of") else "")
        table.add_row(label, "\n".join(answer) or "— (nothing known)", "✓" if ok else "✗")
    console.print(table)
    console.print(f"{right}/{len(questions)} questions answered right from the facts.")


def _show_facts(memory: Memory, user: str) -> None:
    facts = memory.facts.list(user_id=user)
    if not facts:
        return
    table = Table(title=f"What lucidmem learned ({len(facts)} facts, offline extractor)")
    for column in ("fact", "confidence", "band", "since"):
        table.add_column(column)
    for fact in facts:
        table.add_row(fact.text, f"{fact.confidence:.2f}", str(fact.band.value),
                      fact.valid_from.strftime("%Y-%m-%d"))
    console.print(table)


class _RateColumn(ProgressColumn):
    """Items per second of a task."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("" if speed is None else f"{speed:,.1f} turns/s")


def _progress(*, rate: bool = False) -> Progress:
    columns: list[str | ProgressColumn] = [
        "[progress.description]{task.description}", BarColumn(), MofNCompleteColumn()]
    if rate:
        columns.append(_RateColumn())
    columns.append(TimeRemainingColumn())
    return Progress(*columns, console=console, transient=False)


CLI_FLUSH_S = 120.0
"""How long ``lucidmem add`` waits for the vector before exiting (what is left stays queued
for the next open)."""


@app.command()
def add(
    ctx: typer.Context,
    text: Annotated[str, typer.Argument(help="The message to remember.")],
    user: UserOption,
    role: Annotated[str, typer.Option(help="user, assistant, system or tool.")] = "user",
    conversation: Annotated[str | None, typer.Option(help="Conversation id.")] = None,
) -> None:
    """Remember one message (and wait for its vector: the process ends right after)."""
    with open_memory(ctx) as memory:
        items = memory.add([{"role": role, "content": text}], user_id=user,  # type: ignore[typeddict-item]
                           conversation_id=conversation)
        memory.flush(timeout=CLI_FLUSH_S)
    console.print(f"remembered {items[0].id}")


@app.command()
def search(
    ctx: typer.Context,
    query: Annotated[str, typer.Argument(help="What to look for.")],
    user: UserOption,
    limit: Annotated[int, typer.Option("--limit", "-n", "-k",
                                       help="How many results.")] = 5,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON lines.")] = False,
    preset: Annotated[str | None, typer.Option(
        help="hybrid (default), fused (hybrid without the second ranking stage), bm25, "
             "vector or recent.")] = None,
    min_score: Annotated[float | None, typer.Option(
        "--min-score", help="Leave out what is less relevant than this (-1 to 1; about 0.3 "
                            "and above is on topic).")] = None,
    as_of: Annotated[str | None, typer.Option(
        "--as-of", help="ISO 8601 time: search the memory as it stood then.")] = None,
) -> None:
    """Search a user's memories (BM25 + vectors, fused)."""
    with open_memory(ctx) as memory:
        started = time.perf_counter()
        hits = memory.search(query, user_id=user, limit=limit, preset=preset,
                             min_score=min_score, as_of=as_of)
        elapsed = (time.perf_counter() - started) * 1000
    if as_json:
        for hit in hits:
            typer.echo(hit.model_dump_json())
        return
    table = Table(title=f"{len(hits)} results in {elapsed:.1f} ms")
    for column in ("score", "when", "who", "text", "legs"):
        table.add_column(column)
    for hit in hits:
        legs = " ".join(f"{leg}#{score.rank}" for leg, score in hit.explain.items())
        table.add_row(f"{hit.score:.4f}", hit.item.occurred_at.strftime("%Y-%m-%d %H:%M"),
                      hit.item.name or hit.item.role or "", hit.item.text, legs)
    console.print(table)


IMPORT_HELP = """Import conversation history (resumes an interrupted import).

The whole file is checked before anything is written; a problem is
reported with its line (JSONL) or path (JSON). Accepted formats:

.jsonl  one message per line; consecutive lines with the same
        conversation_id form one conversation. Fields: content
        (required), role (user, assistant, system or tool; default
        user), timestamp (ISO 8601 or epoch seconds), name,
        conversation_id, metadata (an object).
.json   {"conversations": [{"id": "c1", "messages": [...]}, ...]},
        or {"messages": [...]}, or a bare list of messages.

Example history.jsonl (one JSON object per line):

{"content": "I moved to Lisbon", "timestamp": "2024-03-02T10:00:00Z"}
{"role": "assistant", "content": "Congratulations!", "timestamp": 1709373660}
{"conversation_id": "c2", "content": "Ana is my sister", "name": "maya"}
"""


@app.command("import", help=IMPORT_HELP)
def import_(
    ctx: typer.Context,
    file: Annotated[Path, typer.Argument(
        help="A .json or .jsonl conversation file.", exists=True, dir_okay=False,
        readable=True)],
    user: UserOption,
) -> None:
    from ..importer import import_file

    with open_memory(ctx) as memory, _LazyProgress() as bar:
        report = import_file(memory, file, user_id=user, context=None,
                             progress=bar.reporter("importing"),
                             embedding_progress=bar.reporter("embedding"))
    console.print(f"imported {report.messages} messages in {report.conversations} "
                  f"conversations (skipped {report.skipped} already imported)")


class _LazyProgress:
    """Progress bars drawn from the first progress report on, so that an error found
    before any work (a malformed file) is never preceded by a bar; one bar per reporter."""

    def __init__(self) -> None:
        self.bar: Progress | None = None
        self.tasks: dict[str, Any] = {}

    def reporter(self, description: str) -> Callable[[int, int], None]:
        """A ``(done, total)`` callback that draws the bar ``description``."""

        def report(done: int, total: int) -> None:
            if self.bar is None:
                self.bar = _progress(rate=True)
                self.bar.start()
            if description not in self.tasks:
                self.tasks[description] = self.bar.add_task(description, total=total)
            self.bar.update(self.tasks[description], completed=done, total=total)

        return report

    def __enter__(self) -> _LazyProgress:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()


@app.command()
def export(
    ctx: typer.Context,
    user: UserOption,
    output: Annotated[Path | None, typer.Option(
        "--output", "-o", help="File to write (atomically); default: standard output.")] = None,
    embeddings: Annotated[bool, typer.Option(
        "--embeddings", help="Include the embedding vectors.")] = False,
) -> None:
    """Export everything kept about a user in this context as JSON."""
    from ..export import write_export

    with open_memory(ctx) as memory:
        if output is None:
            write_export(memory.kernel, sys.stdout, user_id=user, include_embeddings=embeddings)
            return
        count = write_export(memory.kernel, output, user_id=user, include_embeddings=embeddings)
    console.print(f"exported {count} records of {user} to {output}")


@app.command()
def stats(ctx: typer.Context) -> None:
    """Show what a context holds."""
    with open_memory(ctx) as memory:
        info = memory.stats()
    table = Table(title=f"context {info.context}")
    table.add_column("what")
    table.add_column("value")
    table.add_row("database", info.path)
    table.add_row("users", str(info.users))
    for kind, count in sorted(info.items_by_kind.items()):
        table.add_row(f"items: {kind}", str(count))
    table.add_row("in working memory", str(info.working_memory_items))
    table.add_row("size on disk", f"{info.bytes_on_disk / 1024:.0f} KiB")
    table.add_row("embedder", info.embedder or "—")
    table.add_row("waiting for vectors", str(info.pending_embeddings))
    table.add_row("waiting for fact extraction", str(info.pending_extractions))
    if info.failing_embeddings:
        table.add_row("embedding failures", f"{info.failing_embeddings} "
                      f"(retried; last: {info.last_embedding_error})")
    console.print(table)
