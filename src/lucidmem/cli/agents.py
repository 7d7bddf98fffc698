"""Agent-learning commands: ``lucidmem agent register|list|feedback|policy|rollback|compile|
dataset|dataset-rows|insights|dispatch``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from .app import app, open_memory

console = Console()
agent_app = typer.Typer(name="agent", help="Agent feedback, policies, behaviour and datasets.",
                        no_args_is_help=True)
app.add_typer(agent_app, name="agent")

AgentArg = Annotated[str, typer.Argument(help="Agent id.")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON.")]


@agent_app.command("register")
def register(
    ctx: typer.Context, agent: AgentArg,
    owner: Annotated[str, typer.Option("--owner", help="Owner user id.")],
    name: Annotated[str, typer.Option("--name", help="Display name.")],
    description: Annotated[str, typer.Option("--description")] = "",
    role: Annotated[str | None, typer.Option("--role", help="e.g. support")] = None,
    trusted: Annotated[bool, typer.Option(
        "--trusted", help="Its policy may allow more autonomous actions a day.")] = False,
    intensity: Annotated[str, typer.Option(
        "--intensity", help="How strongly feedback moves it: high, moderate, low or off.")
    ] = "moderate",
) -> None:
    """Register an agent (its first registration creates policy version 1)."""
    with open_memory(ctx) as memory:
        info = memory.agents.register(agent, owner_id=owner, name=name,
                                      description=description, role=role, trusted=trusted,
                                      intensity=intensity)
    console.print(f"agent {info.agent_id} registered (owner {info.owner_id})")


@agent_app.command("list")
def list_(ctx: typer.Context, as_json: JsonOption = False) -> None:
    """Every registered agent of the context (one JSON object a line with --json)."""
    with open_memory(ctx) as memory:
        agents = memory.agents.list()
    for info in agents:
        if as_json:
            typer.echo(info.model_dump_json())
        else:
            console.print(f"{info.agent_id}  {info.name}  owner {info.owner_id}"
                          + (f"  role {info.role}" if info.role else ""))


@agent_app.command("feedback")
def feedback(
    ctx: typer.Context, agent: AgentArg,
    user: Annotated[str, typer.Option("--user", "-u", help="Author user id.")],
    source: Annotated[str, typer.Option("--source", help="Rated message id.")],
    thumbs: Annotated[int | None, typer.Option("--thumbs", help="1 or -1.")] = None,
    rating: Annotated[int | None, typer.Option("--rating", help="1 to 5.")] = None,
    reaction: Annotated[str | None, typer.Option("--reaction")] = None,
    text: Annotated[str | None, typer.Option("--text")] = None,
    channel: Annotated[str, typer.Option("--channel")] = "chat",
    message: Annotated[str | None, typer.Option(
        "--message", help="The user's message the rated reply answered (kept for datasets).",
    )] = None,
    reply: Annotated[str | None, typer.Option(
        "--reply", help="The agent's reply that was rated (kept for datasets).")] = None,
    trait: Annotated[list[str] | None, typer.Option(
        "--trait", help="A behaviour trait the reply showed (repeatable), e.g. concise.",
    )] = None,
    room: Annotated[str | None, typer.Option("--room", help="Room (group chat) id.")] = None,
) -> None:
    """Submit feedback on an agent's message (with the message and reply it was about, the
    feedback can become a training example: `lucidmem agent dataset`)."""
    with open_memory(ctx) as memory:
        receipt = memory.agents.submit_feedback(
            user_id=user, agent_id=agent, source_id=source, channel=channel, thumbs=thumbs,
            rating=rating, reaction=reaction, text=text, message=message, response=reply,
            traits=tuple(trait or ()), room_id=room)
    console.print(f"{receipt.action.value}: reward {receipt.reward:+.2f}, "
                  f"policy v{receipt.policy_version}")


@agent_app.command("policy")
def policy(ctx: typer.Context, agent: AgentArg, history: Annotated[
        bool, typer.Option("--history", help="Every version.")] = False,
        as_json: JsonOption = False) -> None:
    """Show the agent's current policy (or its version history)."""
    with open_memory(ctx) as memory:
        versions = memory.agents.policy.history(agent) if history else []
        current = memory.agents.policy.get(agent)
        metrics = memory.agents.learning(agent)
    if as_json:
        typer.echo(json.dumps({"version": current.version, "traits": dict(current.traits),
                               "epsilon": current.epsilon, "metrics": metrics.model_dump()}))
        return
    for v in versions:
        console.print(f"v{v.policy.version} {v.reason} {dict(v.deltas.get('traits', {}))}")
    console.print(f"v{current.version} ε={current.epsilon:.2f} " + ", ".join(
        f"{k}={val:.2f}" for k, val in sorted(current.traits.items())))
    console.print(f"sentiment {metrics.sentiment:+.2f}, engagement {metrics.engagement:.2f}, "
                  f"quality {metrics.quality:.2f}")


@agent_app.command("rollback")
def rollback(ctx: typer.Context, agent: AgentArg,
             version: Annotated[int, typer.Argument(help="Version to serve again.")]) -> None:
    """Serve an earlier policy version again (as a new version)."""
    with open_memory(ctx) as memory:
        restored = memory.agents.policy.rollback(agent, version)
    console.print(f"policy v{version} restored as v{restored.version}")


@agent_app.command("compile")
def compile_(ctx: typer.Context, agent: AgentArg,
             group_size: Annotated[int, typer.Option("--group-size")] = 1,
             as_json: JsonOption = False) -> None:
    """Compile the agent's policy into its system prompt and LLM parameters."""
    with open_memory(ctx) as memory:
        profile = memory.agents.policy.compile(agent, group_size=group_size, draw=0.0)
    if as_json:
        typer.echo(json.dumps(profile.model_dump(mode="json"), indent=1))
        return
    console.print(profile.system_prompt, markup=False)
    console.print(f"{profile.llm_params!r}  model {profile.model.model_id}", markup=False)


@agent_app.command("dataset")
def dataset(ctx: typer.Context, agent: AgentArg,
            min_examples: Annotated[int, typer.Option("--min-examples")] = 1,
            out_dir: Annotated[Path | None, typer.Option(
                "--out-dir", help="Also write the OpenAI chat JSONL and local LoRA JSONL files "
                "here (the dataset is kept in the store either way).")] = None) -> None:
    """Build a training dataset, kept in the store (with --out-dir also as JSONL files)."""
    with open_memory(ctx) as memory:
        info = memory.agents.training.build_dataset(agent, min_examples=min_examples,
                                                    out_dir=out_dir)
    lines = [f"{info.examples} examples", f"dataset {info.dataset_id}"]
    lines += [str(p) for p in (info.chat_path, info.lora_path) if p is not None]
    console.print("\n".join(lines), markup=False)


@agent_app.command("dataset-rows")
def dataset_rows(ctx: typer.Context, agent: AgentArg,
                 dataset_id: Annotated[str, typer.Argument(help="Dataset id.")],
                 layout: Annotated[str, typer.Option(
                     "--layout", help="chat (OpenAI chat JSONL) or lora.")] = "chat") -> None:
    """Print a stored dataset as JSON lines (from the store: any worker built it)."""
    with open_memory(ctx) as memory:
        rows = memory.agents.training.dataset_rows(agent, dataset_id, layout=layout)
    for row in rows:
        typer.echo(json.dumps(row, ensure_ascii=False))


@agent_app.command("insights")
def insights(ctx: typer.Context, anonymise: Annotated[
        bool, typer.Option("--anonymise")] = False,
        out: Annotated[Path | None, typer.Option(
            "--out", help="Also write the markdown to this file.")] = None) -> None:
    """Regenerate the insights markdown from the preference profiles (kept in the store)."""
    with open_memory(ctx) as memory:
        text = memory.agents.outcomes.render_insights(out, anonymise=anonymise)
    typer.echo(text)


@agent_app.command("dispatch")
def dispatch(ctx: typer.Context) -> None:
    """Deliver pending outbox events."""
    with open_memory(ctx) as memory:
        report = memory.agents.events.dispatch()
    console.print(f"delivered {report.delivered}, failed {report.failed}, dead {report.dead}")
