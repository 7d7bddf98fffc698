"""Commands around one reply and the user's control of what is kept: context, recall,
list, forget, verify-erasure."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

from ..errors import InvalidInputError
from .app import State, app, open_memory
from .core import UserOption

console = Console()

JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON.")]


@app.command()
def context(
    ctx: typer.Context,
    message: Annotated[str, typer.Argument(help="The user's message to reply to.")],
    user: UserOption,
    budget: Annotated[int, typer.Option("--budget", help="Most tokens to use.")] = 1500,
    conversation: Annotated[str | None, typer.Option(help="Conversation id.")] = None,
    agent: Annotated[str | None, typer.Option(help="Agent whose behaviour to include.")] = None,
    as_json: JsonOption = False,
) -> None:
    """Print the context for the next reply (and the selection id to rate it with)."""
    with open_memory(ctx) as memory:
        result = memory.build_context(message, user_id=user, token_budget=budget,
                                      conversation_id=conversation, agent_id=agent)
    if as_json:
        typer.echo(result.model_dump_json(indent=1))
        return
    typer.echo(result.prompt)
    console.print(f"[dim]{result.total_tokens}/{budget} tokens in {result.ms:.1f} ms"
                  + (f"; rate the reply with: lucidmem feedback {result.selection_id} up -u "
                     f"{user}" if result.selection_id else "") + "[/dim]")


@app.command()
def recall(
    ctx: typer.Context,
    topic: Annotated[str, typer.Argument(help="A topic, person or thing, e.g. 'my sister'.")],
    user: UserOption,
    as_json: JsonOption = False,
    min_score: Annotated[float | None, typer.Option(
        "--min-score", help="Leave out what is less relevant than this (-1 to 1; about 0.3 "
                            "and above is on topic).")] = None,
) -> None:
    """What the memory knows about a topic, person or thing."""
    with open_memory(ctx) as memory:
        result = memory.facts.recall(topic, user_id=user, min_score=min_score)
    if as_json:
        typer.echo(result.model_dump_json(indent=1))
        return
    typer.echo(result.answer or "Nothing is known about that.")


@app.command("list")
def list_(
    ctx: typer.Context,
    user: UserOption,
    limit: Annotated[int, typer.Option("--limit", "-n", help="How many items.")] = 20,
    as_json: JsonOption = False,
) -> None:
    """List a user's memories, oldest first."""
    with open_memory(ctx) as memory:
        items = memory.get_all(user_id=user, limit=limit)
    for item in items:
        if as_json:
            typer.echo(item.model_dump_json())
        else:
            typer.echo(f"{item.id}  {item.occurred_at:%Y-%m-%d %H:%M}  {item.kind:<6} "
                       f"{item.text[:60]}")


@app.command()
def forget(
    ctx: typer.Context,
    user: UserOption,
    item: Annotated[str | None, typer.Argument(help="The id of the memory to delete.")] = None,
    everything: Annotated[bool, typer.Option(
        "--everything", help="Delete everything kept about the user.")] = False,
    yes: Annotated[bool, typer.Option("--yes", help="Confirm --everything.")] = False,
) -> None:
    """Delete one memory, or everything about a user (with --everything --yes)."""
    if everything == (item is not None):
        raise InvalidInputError("pass either a memory id or --everything", field="item")
    if everything and not yes:
        raise InvalidInputError("deleting everything needs --yes", field="yes")
    with open_memory(ctx) as memory:
        if item is not None:
            memory.delete(item, user_id=user)
            console.print(f"deleted {item}")
        else:
            console.print(f"deleted {memory.delete_all(user_id=user)} records of {user}")


@app.command("verify-erasure")
def verify_erasure(
    ctx: typer.Context,
    user: UserOption,
    text: Annotated[list[str] | None, typer.Option(
        "--text", "-t", help="Something the user said or wrote to search for too "
                             "(repeatable).")] = None,
    as_json: JsonOption = False,
) -> None:
    """Check that nothing of a forgotten user is left: every table, every file lucidmem
    wrote and the raw bytes of the data directory. Exits 1 when something was found."""
    state: State = ctx.obj
    with open_memory(ctx) as memory:
        report = memory.verify_erasure(user_id=user, texts=text or [], context=state.context)
    if as_json:
        typer.echo(report.model_dump_json())
    else:
        console.print(f"{report.user_id}: {report.tables_scanned} stores and "
                      f"{report.files_scanned} files searched for the id and "
                      f"{report.texts_checked} texts", markup=False)
        for finding in report.findings:
            console.print(f"  found in {finding.place} {finding.location} "
                          f"({finding.matches})", markup=False)
        console.print("clean: nothing left" if report.clean else "NOT clean", markup=False)
    if not report.clean:
        raise typer.Exit(code=1)
