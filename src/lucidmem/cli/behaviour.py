"""Behaviour commands: skills, learning, select, feedback, classify-feedback, behaviour-jobs."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from ..errors import InvalidInputError
from .app import app, open_memory

console = Console()

UserOption = Annotated[str, typer.Option("--user", "-u", help="User id.")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON.")]
_REWARDS = {"up": 1, "+1": 1, "1": 1, "neutral": 0, "0": 0, "down": -1, "-1": -1}


@app.command()
def skills(
    ctx: typer.Context, user: UserOption,
    archived: Annotated[bool, typer.Option("--archived", help="Include archived skills.")] = False,
    as_json: JsonOption = False,
) -> None:
    """List the skills a user's replies can be given (base skills, then their own)."""
    with open_memory(ctx) as memory:
        found = memory.skills.list(user_id=user, include_archived=archived)
    if as_json:
        typer.echo(json.dumps([s.model_dump() for s in found], ensure_ascii=False, indent=1))
        return
    table = Table(title=f"{len(found)} skills")
    for column in ("id", "name", "kind", "status", "intents", "description"):
        table.add_column(column)
    for s in found:
        table.add_row(s.id, s.name, "base" if s.is_base else "own", s.status,
                      ", ".join(s.trigger.get("intents", [])), s.description)
    console.print(table)


@app.command()
def learning(
    ctx: typer.Context,
    state: Annotated[str, typer.Argument(help="on, off or status.")],
    user: UserOption,
) -> None:
    """Turn behaviour learning on or off for a user (it is off until turned on)."""
    with open_memory(ctx) as memory:
        if state == "on":
            memory.skills.enable(user_id=user)
        elif state == "off":
            memory.skills.disable(user_id=user)
        elif state != "status":
            raise InvalidInputError(f"state must be on, off or status, got {state!r}",
                                    field="state")
        enabled = memory.skills.enabled(user_id=user)
    console.print(f"behaviour learning for {user}: {'on' if enabled else 'off'}")


@app.command()
def select(
    ctx: typer.Context,
    message: Annotated[str, typer.Argument(help="The user's message.")],
    user: UserOption,
    at: Annotated[str | None, typer.Option(
        "--at", help="The user's local time (ISO-8601), for the time of day.")] = None,
    as_json: JsonOption = False,
) -> None:
    """Choose the skill for replying to a message (stored; send feedback with its id)."""
    when = None if at is None else datetime.fromisoformat(at)
    with open_memory(ctx) as memory:
        sel = memory.skills.select(message, user_id=user, when=when)
    if as_json:
        typer.echo(sel.model_dump_json(indent=1))
        return
    console.print(f"[bold]{sel.skill.name}[/bold] ({sel.skill.id})  selection {sel.id}")
    console.print(sel.explanation)
    if sel.candidates:
        table = Table()
        for column in ("skill", "trigger", "sampled", "alignment", "final"):
            table.add_column(column)
        for c in sorted(sel.candidates, key=lambda c: -c.final):
            table.add_row(c.skill_id, f"{c.trigger:.3f}", f"{c.sampled:.3f}",
                          f"{c.alignment:.3f}", f"{c.final:.3f}")
        console.print(table)
    console.print(f"template: {sel.skill.template}")
    console.print(f"{sel.elapsed_ms:.1f} ms (context {sel.context_ms:.1f} ms)")


@app.command()
def feedback(
    ctx: typer.Context,
    selection: Annotated[str, typer.Argument(help="The selection id printed by select.")],
    reward: Annotated[str, typer.Argument(help="up, neutral or down (or 1, 0, -1).")],
    user: UserOption,
    reason: Annotated[str | None, typer.Option(
        help="too_verbose, too_brief, wrong_tone, not_helpful or incorrect_info.")] = None,
    text: Annotated[str | None, typer.Option(help="Free text, up to 300 characters.")] = None,
    as_json: JsonOption = False,
) -> None:
    """Give feedback on a selection; confidence, bandit and preferences update at once."""
    if reward not in _REWARDS:
        raise InvalidInputError(f"reward must be up, neutral or down (or 1, 0, -1), got "
                                f"{reward!r}", field="reward")
    with open_memory(ctx) as memory:
        result = memory.skills.feedback(selection, user_id=user, reward=_REWARDS[reward],
                                        reason=reason, free_text=text)
    if as_json:
        typer.echo(result.model_dump_json(indent=1))
        return
    console.print(f"{result.status}: skill {result.skill_id or '—'} updated="
                  f"{result.skill_updated} confidence {result.old_confidence} -> "
                  f"{result.new_confidence}")


@app.command("classify-feedback")
def classify_feedback(
    ctx: typer.Context,
    text: Annotated[str, typer.Argument(help="Feedback text in any language.")],
) -> None:
    """Show which feedback categories a free text falls into, with scores."""
    with open_memory(ctx) as memory:
        result = memory.skills.classify_feedback(text)
    table = Table(title=f"labels: {', '.join(result.labels) or 'none'}")
    table.add_column("category")
    table.add_column("score")
    for name, score in sorted(result.scores.items(), key=lambda kv: -kv[1]):
        table.add_row(name, f"{score:.4f}")
    console.print(table)


@app.command("behaviour-profile")
def behaviour_profile(ctx: typer.Context, user: UserOption, as_json: JsonOption = False) -> None:
    """Show what was learned about a user: confidences, bandit arms, preferences."""
    with open_memory(ctx) as memory:
        profile = memory.skills.profile(user_id=user)
    if as_json:
        typer.echo(profile.model_dump_json(indent=1))
        return
    console.print(f"learning {'on' if profile.enabled else 'off'}; {profile.feedback_count} "
                  f"feedback, ε={profile.exploration_rate:.3f}, {profile.trajectories} "
                  f"trajectories")
    table = Table(title="skills")
    for column in ("skill", "confidence", "uses", "+", "-"):
        table.add_column(column)
    for s in profile.skills:
        table.add_row(s.skill_id, f"{s.confidence:.3f}", str(s.uses), str(s.positives),
                      str(s.negatives))
    console.print(table)


@app.command("behaviour-reset")
def behaviour_reset(
    ctx: typer.Context, user: UserOption,
    yes: Annotated[bool, typer.Option("--yes", help="Do not ask for confirmation.")] = False,
) -> None:
    """Forget everything learned about a user's behaviour (own skills are kept)."""
    if not yes:
        typer.confirm(f"Forget what was learned about {user}?", abort=True)
    with open_memory(ctx) as memory:
        removed = memory.skills.reset(user_id=user)
    console.print(f"removed {removed} records")


@app.command("behaviour-jobs")
def behaviour_jobs(
    ctx: typer.Context,
    job: Annotated[str, typer.Option(help="classify, retention, batch or all.")] = "all",
    since: Annotated[str | None, typer.Option(
        help="classify: only feedback after this time (ISO-8601).")] = None,
) -> None:
    """Run the nightly feedback classification, the trajectory retention and/or the arms'
    batch refresh now."""
    if job not in ("classify", "retention", "batch", "all"):
        raise InvalidInputError(f"job must be classify, retention, batch or all, got {job!r}",
                                field="job")
    with open_memory(ctx) as memory:
        work = memory.skills.maintenance
        reports = []
        if job in ("classify", "all"):
            reports.append(work.classify_feedback(since=since))
        if job in ("retention", "all"):
            reports.append(work.retain_trajectories())
        if job in ("batch", "all"):
            reports.append(work.refresh_arms())
    for report in reports:
        console.print(report.model_dump_json())
