"""One settings object for the whole library.

Values come, highest priority first, from keyword arguments, ``LUCIDMEM_*``
environment variables (nested fields with ``__``, e.g.
``LUCIDMEM_RETRIEVAL__RRF_K=60``), a TOML file (``LUCIDMEM_CONFIG``, or
``lucidmem.toml`` in the working directory) and the defaults below, which
come from the seeds and are named where they are defined.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Literal, Self
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from pydantic import BaseModel, Field, SecretStr, field_validator, model_validator
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

from .errors import ConfigurationError

__all__ = [
    "DEFAULT_WORKING_MEMORY_TTL_HOURS",
    "RETRIEVAL_PRESETS",
    "BehaviourSettings",
    "ConsolidationSettings",
    "FactSettings",
    "RetrievalPreset",
    "Settings",
    "SleepSettings",
    "check_key_text",
    "default_data_dir",
    "redact_url",
]

DEFAULT_WORKING_MEMORY_TTL_HOURS = 24.0
"""aico seed: working memory keeps recent turns for 24 h."""


class RetrievalPreset(BaseModel):
    """How the legs of hybrid search are weighted and fused (reciprocal rank fusion)."""

    model_config = {"frozen": True}

    name: str = "hybrid"
    rrf_k: float = Field(
        10.0, gt=0,
        description="RRF constant k in w / (k + rank); 10 beat the paper's 60 on LoCoMo "
        "(recall@10 0.689 vs 0.631, docs/benchmarks.md).",
    )
    bm25_weight: float = Field(1.0, ge=0)
    vector_weight: float = Field(1.0, ge=0)
    candidates: int = Field(100, ge=1, le=10_000, description="Hits taken from each leg.")
    recency_weight: float = Field(0.0, ge=0, description="Bonus for recent items (0 = off).")
    recency_half_life_days: float = Field(30.0, gt=0)
    rerank_depth: int = Field(
        80, ge=0, le=1_000,
        description="Fused hits re-ordered by the learned second stage (0 = off): question "
        "words, names, speaker, time and session features scored by a small shipped linear "
        "model (docs/benchmarks.md, 'second stage').",
    )


RETRIEVAL_PRESETS: dict[str, RetrievalPreset] = {
    "hybrid": RetrievalPreset(),
    "bm25": RetrievalPreset(name="bm25", vector_weight=0.0, rerank_depth=0),
    "vector": RetrievalPreset(name="vector", bm25_weight=0.0, rerank_depth=0),
    "recent": RetrievalPreset(name="recent", recency_weight=0.5, recency_half_life_days=7.0,
                              rerank_depth=0),
    "fused": RetrievalPreset(name="fused", rerank_depth=0),
}
"""Named presets; pass ``preset="bm25"`` to :meth:`lucidmem.Memory.search`."""


def check_key_text(key: str, name: str) -> None:
    """Refuse a key with surrounding whitespace: it is almost always the newline of a key
    file, and a key is never trimmed (a passphrase may legitimately contain spaces)."""
    if key != key.strip():
        raise ConfigurationError(
            f"{name} starts or ends with whitespace (a newline from a key file?). Remove it: "
            "lucidmem uses the key exactly as given, so it would not open the store.")


def default_data_dir() -> Path:
    """``$XDG_DATA_HOME/lucidmem`` or ``~/.local/share/lucidmem``."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "lucidmem"


def redact_url(url: str) -> str:
    """``url`` with its password as ``***``: in the user part or a ``password=`` parameter
    of a URL, or a ``password=`` keyword of a libpq ``key=value`` string."""
    if "://" not in url:
        return _KEYWORD_PASSWORD.sub("password=***", url)
    try:
        parts = urlsplit(url)
        netloc = parts.netloc
        if "@" in netloc:
            userinfo, _, hostinfo = netloc.rpartition("@")
            user, colon, password = userinfo.partition(":")
            if colon and password:
                netloc = f"{user}:***@{hostinfo}"
        query = parts.query
        if "password" in query:
            pairs = parse_qsl(query, keep_blank_values=True)
            query = urlencode([(k, "***" if k == "password" else v) for k, v in pairs],
                              safe="/:*")
        return urlunsplit(parts._replace(netloc=netloc, query=query))
    except ValueError:
        return "<unparsable URL>"


_KEYWORD_PASSWORD = re.compile(r"password\s*=\s*('(?:[^'\\]|\\.)*'|\S+)")
_STORE_URL_SCHEMES = ("postgresql", "postgres")


class ConsolidationSettings(BaseModel):
    """Knobs of the per-user consolidation job (``lucidmem.consolidation.job``)."""

    model_config = {"frozen": True}

    score_on_add: bool = Field(
        True, description="Score importance/surprise of each turn as it is added (else the job "
                          "scores turns that lack them).")
    assistant_names: tuple[str, ...] = Field(
        ("assistant",), description="Names that count as mentioning the assistant (importance).")
    batch_size: int = Field(200, ge=1, le=10_000,
                            description="Records per checkpointed batch.")
    replay_batch_size: int = Field(100, ge=0, le=10_000,
                                   description="Turns replayed per run (aico: 100).")
    pattern_window_days: float = Field(30.0, gt=0,
                                       description="Pattern detection looks this far back.")
    pattern_min_weeks: int = Field(3, ge=2, description="Distinct weeks a weekly habit needs.")
    inferred_confidence: float = Field(0.5, ge=0, le=1,
                                       description="Confidence of inferred preferences.")
    archive_below: float = Field(0.3, ge=0, le=1,
                                 description="Facts whose decayed confidence falls under this "
                                             "are archived (never deleted).")
    variant_cleanup_days: float = Field(90.0, gt=0)
    variant_cleanup_confidence: float = Field(0.3, ge=0, le=1)
    compaction_days: float = Field(30.0, gt=0,
                                   description="Raw turns older than this are compacted.")
    compaction_max_value_chars: int = Field(
        200, ge=0, description="Turn metadata values longer than this (or nested) are dropped "
                               "by compaction; the text is never touched.")


class SleepSettings(BaseModel):
    """The scheduler's timetable (5-field cron, local time of ``timezone``) and limits."""

    model_config = {"frozen": True}

    enabled: bool = Field(
        True, description="Run the timetable. Off: `lucidmem worker` runs no scheduled job "
                          "(jobs run on demand still do, e.g. `lucidmem consolidate`).")
    timezone: str = Field("UTC", description="IANA zone the cron expressions are read in.")
    consolidation_cron: str = Field("0 2 * * *", description="aico: daily at 02:00.")
    feedback_cron: str = Field("0 3 * * *", description="Feedback classification, 03:00.")
    behaviour_cron: str = Field("0 4 * * *", description="Behavioural batch learning, 04:00.")
    weekly_cron: str = Field("0 3 * * 0", description="Evolution analysis + cleanup, Sunday.")
    index_cron: str = Field("0 * * * *", description="Index maintenance, hourly.")
    require_idle: bool = Field(
        True, description="Heavy jobs wait for an idle machine (CPU under the threshold).")
    idle_cpu_percent: float = Field(20.0, gt=0, le=100)
    idle_seconds: float = Field(300.0, ge=0, description="Continuous idle time needed.")
    idle_check_seconds: float = Field(60.0, gt=0)
    max_idle_wait_hours: float = Field(
        4.0, ge=0, description="A due job that never sees an idle machine runs after this.")
    max_concurrent_users: int = Field(4, ge=1, le=64, description="aico: Semaphore(4).")
    shard_cycle_days: int = Field(7, ge=1, description="Each user is consolidated once per "
                                                       "cycle (round robin).")
    shard_strategy: Literal["hash", "index"] = "hash"
    history_keep: int = Field(200, ge=1, description="Run-history records kept per job.")
    job: ConsolidationSettings = ConsolidationSettings()


class BehaviourSettings(BaseModel):
    """Behavioural learning (skills, bandit, preferences); see docs/behaviour.md."""

    model_config = {"frozen": True}

    max_skills_per_user: int = Field(
        100, ge=2, le=10_000,
        description="Skills a user may have (base + own) before the weakest are archived "
        "(aico seed: ~100 skills per user, evicted by confidence, base skills x 1.5).",
    )
    trajectory_archive_days: float = Field(
        90.0, gt=0, description="Trajectories without feedback are archived after this.")
    trajectory_delete_days: float = Field(
        365.0, gt=0, description="Archived trajectories are deleted this long after archiving.")
    seed: int | None = Field(
        None, description="Seed of the sampling RNG (Thompson draws, exploration); None = random.")
    selection: Literal["learner", "learner_private", "adaptive", "seed"] = Field(
        "learner", description="learner = a Gaussian model of the expected thumb over the "
        "skills' style dimensions: trigger prior + what all users of the store taught "
        "(population) + this user, shared across similar skills and contexts, recent "
        "feedback weighing more; learner_private = the same without the population (nothing "
        "learned from one user reaches another); adaptive = the previous default (Beta per "
        "bucket, exploit on the posterior mean, trigger weight fading with the user's "
        "feedback in the bucket); seed = the aico seed's rule verbatim (always a Thompson "
        "draw, fixed 40 % trigger, ε picks the least-tried candidate). See docs/behaviour.md.")
    trigger_evidence_half: float = Field(
        1.0, gt=0, description="adaptive only: feedback events in a bucket after which the "
        "trigger match keeps half of its 40 % weight.")


class FactSettings(BaseModel):
    """Fact extraction, staging, decay and privacy (issue 3); see docs/facts.md.

    The LLM extractor is used only when ``base_url`` is set (``LUCIDMEM_FACTS__BASE_URL``);
    otherwise the offline rule-based extractor runs.
    """

    model_config = {"frozen": True}

    extractor: Literal["auto", "offline", "llm", "none"] = Field(
        "auto", description="auto = the LLM when base_url is set, else offline; none = off.")
    base_url: str | None = Field(
        None, description="OpenAI-compatible chat endpoint, e.g. http://localhost:11434/v1")
    model: str = "gpt-4o-mini"
    api_key: SecretStr | None = None
    timeout_seconds: float = Field(30.0, gt=0)
    max_retries: int = Field(2, ge=0, le=10, description="Retries of one invalid/failed call.")
    backoff_seconds: float = Field(0.5, ge=0, description="First retry delay; doubles.")
    max_retry_after_seconds: float = Field(
        30.0, ge=0, description="Longest HTTP 429 Retry-After honoured before giving up.")
    turns_per_call: int = Field(20, ge=1, le=200, description="Turns batched in one LLM call.")
    max_calls_per_add: int = Field(
        4, ge=1, le=100, description="Bound on LLM calls (retries included) per add.")
    background: bool = Field(
        True, description="Extract facts after add returns, in the background worker (reads "
        "of a user's facts first finish that user's pending extraction); false = inside add. "
        "Also inside add when embedding.background is false.")
    auto_validate: bool = Field(
        True, description="Validate staged facts at once (until the sleep cycle does it).")
    never_store: tuple[str, ...] = Field(
        (), description='Categories or subcategories never stored, e.g. ["secret", '
        '"biographical.health"]; dropped before anything is written, and counted.')
    decay_base_rate: float = Field(0.01, ge=0, lt=1, description="Daily decay (emberhearth).")
    max_variants: int = Field(3, ge=0, le=20, description="aico max_fact_variants.")
    timezone: str = Field(
        "UTC", description='Zone relative dates ("tomorrow at 9am") are read in, unless a '
        'turn\'s metadata names its own ("timezone": "Europe/Berlin" or "+02:00").')
    remark_limit: float = Field(
        0.0, ge=0, le=1, description="The offline extractor's remark gate: a clause kept in "
        "its own words (no home, workplace or person read out of it) is stored only when the "
        "gate's probability that it says something lasting reaches this. 0 (the default) "
        "keeps every remark; 0.4 stores fewer wrong facts and loses a few answers (measured "
        "in docs/benchmarks.md, stop 60); see docs/facts.md, 'Remarks worth keeping'.")
    extract_assistant_turns: bool = Field(
        False, description="Also read the assistant's turns (off: they state no user facts).")
    recall_min_relevance: float = Field(
        0.3, ge=-1, le=1, description="Relevance (lucidmem.facts.relevance) a searched fact "
        "needs to be recalled; below it recall says it knows nothing about the topic.")
    context_min_relevance: float = Field(
        0.3, ge=-1, le=1, description="Relevance a fact needs to enter build_context's facts.")


class EmbeddingQueueSettings(BaseModel):
    """How turns get their vectors after ``add`` (``LUCIDMEM_EMBEDDING__BACKGROUND``, ...)."""

    model_config = {"frozen": True}

    background: bool = Field(
        True, description="Embed turns in a background thread after add returns (the turn is "
        "keyword-searchable at once, the vector leg catches up; Memory.flush() waits for it). "
        "False: add embeds before returning (read-your-writes on the vector leg, slower add).")
    batch: int = Field(16, ge=1, le=1024, description="Turns embedded per background round.")


class Settings(BaseSettings):
    """Every knob of lucidmem, with the seeds' values as defaults."""

    model_config = SettingsConfigDict(
        env_prefix="LUCIDMEM_", env_nested_delimiter="__", extra="forbid", frozen=True
    )

    data_dir: Path = Field(
        default_factory=default_data_dir,
        description='Where context databases live; ":memory:" keeps everything in RAM.',
    )
    default_context: str = "personal"
    encryption_key: SecretStr | None = Field(
        None, description="64 hex characters (raw key) or a passphrase; unset = no encryption."
    )
    context_keys: dict[str, SecretStr] = Field(
        default_factory=dict, description="Per-context keys; override encryption_key."
    )
    log_key: SecretStr | None = Field(
        None, description="Key of the pseudonyms naming users in log lines (the same on "
        "every machine of a deployment); unset = a random key kept in data_dir/log.key.",
    )
    working_memory_ttl_hours: float = Field(DEFAULT_WORKING_MEMORY_TTL_HOURS, gt=0)
    store_url: str | None = Field(
        None, repr=False,
        description="PostgreSQL instead of SQLite files, e.g. postgresql://user:pw@host/db "
        "(needs the postgres extra); each context is its own schema lucidmem_<context>.",
    )

    background_work: Literal["threads", "workers"] = Field(
        "threads", description='Who embeds and extracts the facts of turns after add returns: '
        '"threads" (this process, in background threads) or "workers" (the `lucidmem worker` '
        "processes of the PostgreSQL job queue; needs store_url). With \"workers\" an API "
        "process only stores and queues; a read of a user's facts still extracts what waits.")

    embedder: Literal["e5", "openai"] = "e5"
    embedding_base_url: str | None = Field(
        None, description="OpenAI-compatible endpoint, e.g. http://localhost:11434/v1"
    )
    embedding_model: str = "text-embedding-3-small"
    embedding_api_key: SecretStr | None = None
    embedding_batch_size: int = Field(32, ge=1, le=2048)
    embedding_short_text_threads: Literal["timed", "one", "all"] = Field(
        "timed", description='How the bundled model embeds one short text (a search query): '
        '"timed" measures one thread against every thread on the first calls and keeps the '
        'faster, "one" always one thread, "all" every thread. The vector is the same.')
    embedding_timeout_seconds: float = Field(30.0, gt=0)

    embedding: EmbeddingQueueSettings = EmbeddingQueueSettings()

    max_message_chars: int = Field(20_000, ge=1)
    max_open_stores: int = Field(
        64, ge=1, le=100_000,
        description="Contexts kept open at once; opening one more lets go of the least "
                    "recently used (its connection closes once no call uses it). In-memory "
                    "stores are never let go.")
    store_idle_seconds: float = Field(
        600.0, ge=0,
        description="A context not named for this long (and with no vectors left to compute) "
                    "is let go too, checked whenever a context is named; 0: never.")
    max_query_chars: int = Field(
        2_000, ge=1, description="Longest search query (characters); a longer one is refused "
        "before any work, since its cost grows with its length.")
    max_messages_per_add: int = Field(1_000, ge=1)

    retrieval: RetrievalPreset = RETRIEVAL_PRESETS["hybrid"]
    contextual_embeddings: bool = Field(
        True, description="Embed each turn together with the previous turn of its conversation."
    )
    behaviour: BehaviourSettings = BehaviourSettings()
    sleep: SleepSettings = SleepSettings()
    facts: FactSettings = FactSettings()

    @field_validator("default_context")
    @classmethod
    def _context_name(cls, value: str) -> str:
        from .scope import validate_context

        return validate_context(value)

    @field_validator("encryption_key")
    @classmethod
    def _key_untrimmed(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None:
            check_key_text(value.get_secret_value(), "encryption_key")
        return value

    @field_validator("context_keys")
    @classmethod
    def _context_keys_untrimmed(cls, value: dict[str, SecretStr]) -> dict[str, SecretStr]:
        for context, key in value.items():
            check_key_text(key.get_secret_value(), f"context_keys[{context!r}]")
        return value

    @field_validator("store_url")
    @classmethod
    def _store_url(cls, value: str | None) -> str | None:
        if value is None or not value.strip():
            return None
        value = value.strip()
        scheme = value.partition("://")[0].lower() if "://" in value else ""
        if scheme not in _STORE_URL_SCHEMES:
            named = f" ({scheme}://)" if scheme.isalnum() and len(scheme) <= 20 else ""
            raise ConfigurationError(
                f"store_url is not a PostgreSQL URL{named}: use "
                "postgresql://user:password@host:5432/dbname (LUCIDMEM_STORE_URL), or unset it "
                "to keep the embedded SQLite store."
            )
        return value

    @model_validator(mode="after")
    def _store_url_without_encryption(self) -> Self:
        self.check_store()
        return self

    def check_store(self) -> None:
        """Raise :class:`ConfigurationError` for settings no store can honour together."""
        if self.store_url and (self.encryption_key or self.context_keys):
            raise ConfigurationError(
                "encryption_key / context_keys cannot be combined with store_url: lucidmem "
                "encrypts its own SQLite files, but with PostgreSQL encryption at rest is the "
                "database server's job (an encrypted disk or volume, or the provider's storage "
                "encryption) and in transit TLS's (sslmode=verify-full in the URL). Unset "
                "LUCIDMEM_ENCRYPTION_KEY and LUCIDMEM_CONTEXT_KEYS to use PostgreSQL, or unset "
                "LUCIDMEM_STORE_URL to keep the encrypted SQLite store."
            )

        if self.background_work == "workers" and not self.store_url:
            raise ConfigurationError(
                'background_work="workers" hands embedding and fact extraction to the '
                "`lucidmem worker` processes of the PostgreSQL job queue, so it needs "
                "store_url: set LUCIDMEM_STORE_URL=postgresql://..., or unset "
                "LUCIDMEM_BACKGROUND_WORK to keep the background threads of this process."
            )

    def key_for(self, context: str) -> str | None:
        """The encryption key of ``context`` (its own, else the global one, else none)."""
        secret = self.context_keys.get(context) or self.encryption_key
        return secret.get_secret_value() if secret else None

    @property
    def in_memory(self) -> bool:
        return str(self.data_dir) == ":memory:"

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        toml_path = os.environ.get("LUCIDMEM_CONFIG") or "lucidmem.toml"
        toml = TomlConfigSettingsSource(settings_cls, toml_file=toml_path)
        return (init_settings, env_settings, toml)
