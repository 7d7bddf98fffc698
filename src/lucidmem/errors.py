"""The single error tree of lucidmem.

Every error lucidmem raises on purpose derives from :class:`LucidmemError`, so
callers can catch one class. Foreign errors (sqlite, HTTP clients, the
embedding engine) are translated at the edge where they occur.

::

    LucidmemError
    ├── ConfigurationError        settings that cannot work (bad path, bad key format)
    ├── InvalidInputError         bad arguments from the caller; nothing was written
    │   ├── ImportFormatError     a malformed import file (names the line)
    │   ├── DatasetFormatError    a malformed training dataset file (names the line)
    │   ├── TextTooLongError      a message or query over its configured length limit
    │   └── DuplicateFeedbackError  agent feedback that exists and can no longer change
    ├── NotFoundError             an id that does not exist for this user
    ├── ConflictError             an edit against a version the item no longer has
    ├── UnauthorizedError         no API key, or one that matches nobody (REST)
    ├── ForbiddenError            a user key on an admin-only route (REST)
    ├── StoreError                the storage backend failed
    │   ├── EncryptionError       wrong or missing encryption key
    │   ├── SchemaMismatchError   the store was written by another embedder / newer schema
    │   ├── CheckpointError       a job checkpoint that cannot be read
    │   └── StoreUnavailableError the database server is down, restarting or unreachable;
    │                             the call wrote nothing of its own: send it again
    ├── EmbeddingError            the embedder failed (engine or remote endpoint)
    ├── LLMError                  a configured LLM endpoint failed or answered garbage
    │   └── FineTuneError         a fine-tuning provider failed, refused or timed out
    ├── DeliveryError             an event handler failed; the event is delivered again
    ├── RateLimitedError          the caller sent too much too fast
    └── ServerError               a lucidmem server failed or could not be reached (Client)

Each message says what went wrong *and* what to do about it. None of the
names shadows a builtin (no ``MemoryError``, no ``ValueError``).
"""

from __future__ import annotations

__all__ = [
    "CheckpointError",
    "ConfigurationError",
    "ConflictError",
    "DatasetFormatError",
    "DeliveryError",
    "DuplicateFeedbackError",
    "EmbeddingError",
    "EncryptionError",
    "FineTuneError",
    "ForbiddenError",
    "ImportFormatError",
    "InvalidInputError",
    "LLMError",
    "LucidmemError",
    "NotFoundError",
    "RateLimitedError",
    "SchemaMismatchError",
    "ServerError",
    "StoreError",
    "StoreUnavailableError",
    "TextTooLongError",
    "UnauthorizedError",
]


class LucidmemError(Exception):
    """Base class of every error lucidmem raises on purpose."""


class ConfigurationError(LucidmemError):
    """The settings cannot work as given."""


class InvalidInputError(LucidmemError):
    """A caller passed something invalid. Nothing was written.

    ``field`` names the offending argument when there is one.
    """

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class ImportFormatError(InvalidInputError):
    """An import file is malformed; ``line`` is 1-based when known."""

    def __init__(self, message: str, *, line: int | None = None) -> None:
        prefix = f"line {line}: " if line is not None else ""
        super().__init__(prefix + message, field="file")
        self.line = line


class TextTooLongError(InvalidInputError):
    """A message or a query is longer than its configured limit (``max_message_chars``,
    ``max_query_chars``). Nothing was written; the REST API answers 413."""


class NotFoundError(LucidmemError):
    """No such item for this user (another user's ids are reported the same way)."""


class ConflictError(LucidmemError):
    """An edit was made against a version of the item that is no longer its version.

    ``current_version`` is the item's version now: read it again, then retry the edit.
    """

    def __init__(self, message: str, *, current_version: int) -> None:
        super().__init__(message)
        self.current_version = current_version


class StoreError(LucidmemError):
    """The storage backend failed."""


class EncryptionError(StoreError):
    """The database cannot be opened with the configured key (or lack of one)."""


class StoreUnavailableError(StoreError):
    """The database server cannot be reached (stopped, restarting, network down). The
    interrupted call's transaction was rolled back: it is safe to send it again later."""


class SchemaMismatchError(StoreError):
    """The store was written with another embedder or a newer schema."""


class CheckpointError(StoreError):
    """A job checkpoint is corrupted or belongs to another job."""


class EmbeddingError(LucidmemError):
    """The embedder failed."""


class LLMError(LucidmemError):
    """A configured LLM endpoint failed, timed out or answered invalid output."""


class RateLimitedError(LucidmemError):
    """Too many requests; retry after ``retry_after`` seconds."""

    def __init__(self, message: str, *, retry_after: float = 1.0) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class DatasetFormatError(InvalidInputError):
    """A dataset file is not valid JSONL of the expected format; names the line."""

    def __init__(self, message: str, *, line: int | None = None) -> None:
        prefix = f"line {line}: " if line is not None else ""
        super().__init__(prefix + message, field="dataset")
        self.line = line


class DuplicateFeedbackError(InvalidInputError):
    """The same {user, source, agent, type} feedback exists and can no longer be changed."""


class UnauthorizedError(LucidmemError):
    """No API key, or one that matches nobody."""


class ForbiddenError(LucidmemError):
    """A user key on an admin-only route."""


class FineTuneError(LLMError):
    """A fine-tuning provider failed, refused the job or timed out."""


class DeliveryError(LucidmemError):
    """One or more handlers failed; the event stays pending and is delivered again."""


class ServerError(LucidmemError):
    """A lucidmem server answered 5xx (after the client's retries) or could not be reached.

    ``url`` is the URL called (never the key); ``status`` the HTTP status, None when no
    answer came.
    """

    def __init__(self, message: str, *, url: str, status: int | None = None) -> None:
        super().__init__(message)
        self.url = url
        self.status = status
