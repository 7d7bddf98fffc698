"""Training data from an agent's high-quality interactions (M21): ``agents.training.build_dataset``.

An interaction (one rated ``source_id``) is high quality when its best explicit or reaction
reward plus an engagement bonus reaches 0.5 and nobody rated it negatively — "positive
feedback plus engagement". Its user message and agent reply (given at submission) are
PII-scrubbed: e-mails, phone and card numbers, the author's id and the names of the author's
entities (fact layer records of kind ``entity``, when the fact capability stored any). The
system prompt is the agent's *current* compiled prompt, so the model learns the learned style.

The examples live in the ``dataset`` record, so any worker on any machine reads them and
``delete_all``/``export`` reach them like every other record; JSONL files are written only
where a caller asks for them (``out_dir``: an export to disk), and a fine-tune writes them
for its provider from the store (:meth:`DatasetBuilder.write_files`).
"""

from __future__ import annotations

import builtins
import uuid
from collections.abc import Iterable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from lucidmem.agents.base import AgentStore
from lucidmem.agents.datasets import (
    Example,
    LLMEndpoint,
    SampleGenerator,
    chat_row,
    example_from_data,
    example_to_data,
    lora_row,
    read_jsonl_rows,
    scrub_pii,
    validate_chat_jsonl,
    validate_chat_rows,
    write_chat_jsonl,
    write_jsonl_rows,
    write_lora_jsonl,
)
from lucidmem.agents.events import TRAINING_DATASET_READY
from lucidmem.agents.feedback_model import FeedbackEvent, ImplicitFeedback
from lucidmem.agents.learning import Learner
from lucidmem.agents.policies import Policies
from lucidmem.agents.projections import HIGH_QUALITY_MIN_REWARD
from lucidmem.agents.records import event_from_data, partition
from lucidmem.agents.rewards import calculate_reward, engagement_value
from lucidmem.agents.views import DatasetInfo
from lucidmem.clock import to_epoch
from lucidmem.errors import InvalidInputError, NotFoundError
from lucidmem.kernel import Kernel
from lucidmem.records import Kind, new_record
from lucidmem.store.base import Query, Record, Store
from lucidmem.store.files import private_dir

__all__ = ["DatasetBuilder", "interaction_score"]

ENGAGEMENT_BONUS = 0.4  # score += 0.4 · (engagement − 0.5): engagement tips borderline cases


def interaction_score(events: Sequence[FeedbackEvent]) -> float | None:
    """The quality score of one interaction, ``None`` when it was rated negatively/not at all."""
    opinions = [calculate_reward(e) for e in events if not isinstance(e.payload, ImplicitFeedback)]
    signals = [engagement_value(e.payload) for e in events
               if isinstance(e.payload, ImplicitFeedback)]
    implicit = [calculate_reward(e) for e in events if isinstance(e.payload, ImplicitFeedback)]
    if any(r < 0 for r in opinions) or (not opinions and not signals):
        return None
    score = max([*opinions, *implicit]) if (opinions or implicit) else 0.0
    if signals:
        score += ENGAGEMENT_BONUS * (sum(signals) / len(signals) - 0.5)
    return score


class DatasetBuilder:
    """Builds, scrubs, exports and announces datasets; reads them back."""

    def __init__(self, kernel: Kernel, agents: AgentStore, learner: Learner,
                 policies: Policies) -> None:
        self._kernel = kernel
        self._agents = agents
        self._learner = learner
        self._policies = policies

    @staticmethod
    def _entity_names(store: Store, user_ids: Iterable[str]) -> set[str]:
        names: set[str] = set()
        for user in set(user_ids):
            names.add(user)
            for record in store.find(Query(user_id=user, kinds=[Kind.ENTITY])):
                for value in (record.text, record.data.get("name"),
                              *(record.data.get("aliases") or [])):
                    if isinstance(value, str) and value.strip():
                        names.add(value.strip())
        return names

    def build(
        self, agent_id: str, *, out_dir: str | Path | None = None, min_examples: int = 1,
        synthetic: int = 0, endpoint: LLMEndpoint | None = None, since: datetime | None = None,
        extra_names: Sequence[str] = (), context: str | None = None,
    ) -> DatasetInfo:
        """Build, scrub, store and announce a dataset; with ``out_dir``, also export it there
        (OpenAI chat JSONL + local LoRA JSONL, ``0600``, sealed when the store is encrypted).

        The examples are kept in the ``dataset`` record (read them with :meth:`rows`).
        ``synthetic`` more examples are generated through ``endpoint`` (default: the configured
        ``settings.facts`` chat endpoint) only when one is configured. Publishes
        ``training.dataset.ready`` in the same transaction as the ``dataset`` record. Only
        feedback given at or after ``since`` counts (a naive datetime is UTC).
        """
        name = self._kernel.context_name(context)
        store = self._kernel.store(name)
        info = self._agents.agent(store, agent_id)
        owner = partition(agent_id)
        records = store.find(Query(user_id=owner, kinds=[Kind.AGENT_FEEDBACK],
                                   occurred_from=None if since is None else to_epoch(since)))
        grouped: dict[str, list[Record]] = {}
        for record in records:
            grouped.setdefault(record.data["source_id"], []).append(record)
        now = self._kernel.now()
        profile = self._policies.compile(agent_id, draw=0.0, context=name)
        policy = self._agents.policy(store, agent_id)
        chosen: list[tuple[float, Record, Record]] = []
        for group in grouped.values():
            score = interaction_score([event_from_data(r.data) for r in group])
            texts = [r for r in group if r.data.get("message") and r.data.get("response")]
            if score is None or score < HIGH_QUALITY_MIN_REWARD or not texts:
                continue
            chosen.append((score, texts[-1], group[0]))
        chosen.sort(key=lambda c: (-c[0], c[1].occurred_at))
        names = self._entity_names(store, [c[1].data["author"] for c in chosen])
        names |= set(extra_names)
        examples = [Example(profile.system_prompt, scrub_pii(r.data["message"], names),
                            scrub_pii(r.data["response"], names), round(score, 4))
                    for score, r, _ in chosen]
        real = len(examples)
        rejected, note = 0, ""
        if synthetic > 0:
            endpoint = endpoint or self._configured_endpoint()
            if endpoint is None:
                note = "synthetic samples skipped: no chat endpoint configured"
            else:
                made, rejected = SampleGenerator(endpoint).generate(
                    info.name, info.description, profile.system_prompt, policy.traits,
                    examples, synthetic)
                examples += [Example(e.system, scrub_pii(e.user, names),
                                     scrub_pii(e.assistant, names), 0.0, True) for e in made]
        if len(examples) < min_examples:
            raise InvalidInputError(
                f"agent {agent_id!r} has {len(examples)} high-quality interactions with texts; "
                f"{min_examples} are needed (submit feedback with message and response)",
                field="min_examples")
        validate_chat_rows([chat_row(e) for e in examples], min_examples=max(1, min_examples))
        dataset_id = uuid.uuid4().hex
        chat_path = lora_path = None
        if out_dir is not None:
            chat_path, lora_path = self.write_files(examples, Path(out_dir), dataset_id, name)
        start = min((r.occurred_at for r in records), default=None)
        agg = self._learner.load(store, agent_id).aggregation
        data = {"dataset_id": dataset_id,
                "chat_path": None if chat_path is None else str(chat_path),
                "lora_path": None if lora_path is None else str(lora_path),
                "rows": [example_to_data(e) for e in examples],
                "examples": len(examples), "real": real,
                "synthetic": len(examples) - real, "synthetic_rejected": rejected,
                "traits": dict(policy.traits), "policy_version": policy.version,
                "window_start": start, "window_end": now, "note": note,
                "positive_count": agg.positive_count,
                # which interaction each real example came from, in file order: forgetting
                # a user removes their examples from the files
                "sources": [src.data["source_id"] for _, src, _ in chosen]}
        event = {
            "agentId": agent_id, "archetype": info.archetype, "datasetId": dataset_id,
            "highQualityInteractions": [
                {"messageId": src.data["source_id"], "userMessage": e.user,
                 "agentResponse": e.assistant, "feedbackScore": e.score,
                 "context": {"roomId": src.data.get("room_id"), "timestamp": src.occurred_at}}
                for (_, _, src), e in zip(chosen, examples, strict=False)],
            "learnedTraits": dict(policy.traits),
            "feedbackStats": {"totalFeedback": agg.total_count,
                              "positiveCount": agg.positive_count,
                              "averageSentiment": agg.avg_score},
            "timeWindow": {"start": start, "end": now}, "createdAt": now,
            "chatPath": data["chat_path"], "loraPath": data["lora_path"]}
        record = new_record(dataset_id, Kind.DATASET, owner, now, data, layer=1,
                            agent_id=agent_id)
        self._agents.commit(name, [record, self._agents.event(TRAINING_DATASET_READY, event,
                                                              now, agent_id)])
        return DatasetInfo.from_record(record)

    def write_files(self, examples: Sequence[Example], folder: Path, dataset_id: str,
                    context: str) -> tuple[Path, Path]:
        """Write ``examples`` as ``<dataset_id>.chat.jsonl`` and ``.lora.jsonl`` in
        ``folder`` (created ``0700``; files ``0600``, sealed with the context's key when it
        has one); returns the two paths."""
        target = private_dir(folder)
        chat_path = target / f"{dataset_id}.chat.jsonl"
        lora_path = target / f"{dataset_id}.lora.jsonl"
        key = self._kernel.settings.key_for(context)
        write_chat_jsonl(chat_path, examples, key=key)
        write_lora_jsonl(lora_path, examples, key=key)
        validate_chat_jsonl(chat_path, key=key)
        return chat_path, lora_path

    @staticmethod
    def examples(record: Record, key: str | None) -> builtins.list[Example]:
        """The examples of a ``dataset`` record (from its exported files for datasets built
        before the examples were kept in the record)."""
        data = record.data
        if "rows" in data:
            return [example_from_data(row) for row in data["rows"]]
        chats = read_jsonl_rows(data["chat_path"], key=key)
        return [Example(*(m["content"] for m in row["messages"][:3])) for row in chats]

    def _configured_endpoint(self) -> LLMEndpoint | None:
        facts = self._kernel.settings.facts
        if not facts.base_url:
            return None
        key = facts.api_key.get_secret_value() if facts.api_key else None
        return LLMEndpoint(facts.base_url, facts.model, key, facts.timeout_seconds)

    def list(self, agent_id: str, *, context: str | None = None) -> builtins.list[DatasetInfo]:
        """The agent's datasets, oldest first."""
        store = self._kernel.store(context)
        self._agents.agent(store, agent_id)
        return [DatasetInfo.from_record(r) for r in store.find(Query(
            user_id=partition(agent_id), kinds=[Kind.DATASET], order_by="created_at"))]

    @staticmethod
    def record(store: Store, agent_id: str, dataset_id: str) -> Record:
        """The stored ``dataset`` record; :class:`~lucidmem.errors.NotFoundError` otherwise."""
        found = store.get(partition(agent_id), [dataset_id])
        if not found or found[0].kind != Kind.DATASET:
            raise NotFoundError(f"agent {agent_id!r} has no dataset {dataset_id!r}")
        return found[0]

    def rows(self, agent_id: str, dataset_id: str, *, layout: str = "chat",
             context: str | None = None) -> builtins.list[dict[str, Any]]:
        """The examples of a dataset as stored (decrypted when the store is encrypted)."""
        name = self._kernel.context_name(context)
        record = self.record(self._kernel.store(name), agent_id, dataset_id)
        if layout not in ("chat", "lora"):
            raise InvalidInputError('layout: use "chat" or "lora"', field="layout")
        if "rows" not in record.data:  # built before the examples were kept in the record
            rows = read_jsonl_rows(record.data[f"{layout}_path"],
                                   key=self._kernel.settings.key_for(name))
            return [row for row in rows if isinstance(row, dict)]
        make = chat_row if layout == "chat" else lora_row
        return [make(e) for e in self.examples(record, None)]

    def forget_sources(self, context: str, store: Store, agent_id: str,
                       sources: set[str]) -> builtins.list[Record]:
        """Remove the examples built from interactions ``sources`` (a user being forgotten)
        from the agent's datasets (the record and any exported files); returns the dataset
        records to save.

        A dataset from before example sources were recorded cannot tell whose examples it
        holds: when the user rated any interaction with texts, its files are deleted whole.
        """
        changed: builtins.list[Record] = []
        key = self._kernel.settings.key_for(context)
        for record in store.find(Query(user_id=partition(agent_id), kinds=[Kind.DATASET])):
            data = record.data
            recorded = data.get("sources")
            paths = [Path(data[k]) for k in ("chat_path", "lora_path") if data.get(k)]
            if recorded is None:
                for path in paths:
                    path.unlink(missing_ok=True)
                record.data = {**data, "examples": 0, "real": 0, "synthetic": 0, "rows": [],
                               "note": "files deleted: a user whose examples they may hold "
                                       "was forgotten", "sources": []}
                changed.append(record)
                continue
            drop = {i for i, source in enumerate(recorded) if source in sources}
            if not drop:
                continue
            for path in paths:
                if path.exists():
                    kept = [row for i, row in enumerate(read_jsonl_rows(path, key=key))
                            if i not in drop]
                    write_jsonl_rows(path, kept, key=key)
            if "rows" in data:
                data = {**data, "rows": [row for i, row in enumerate(data["rows"])
                                         if i not in drop]}
            record.data = {**data, "examples": int(data["examples"]) - len(drop),
                           "real": int(data["real"]) - len(drop),
                           "sources": [s for i, s in enumerate(recorded) if i not in drop]}
            changed.append(record)
        return changed
