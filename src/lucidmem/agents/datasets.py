"""Training datasets (M21): selection, PII scrubbing, synthetic samples, JSONL export/validation.

Seed: ``seeds/agent-feedback-rlhf.md`` — "Offline Learning Flow" (high-quality interactions →
dataset → ``training.dataset.ready``), "Sample Text Generation Module" (LLM-generated examples
validated against the agent's traits), "Training Dataset Structure" (OpenAI chat messages) and
open questions 6 (50 minimum, 200–500 optimal) and 14 (remove PII).

Formats:

* OpenAI chat JSONL — one ``{"messages": [{"role": "system"|"user"|"assistant",
  "content": str}, ...]}`` per line; :func:`validate_chat_jsonl` checks a file line by line.
* local LoRA JSONL — one ``{"prompt": str, "completion": str}`` per line, where the prompt is
  the system prompt and the user message in a plain chat template (:func:`lora_prompt`).

A dataset's examples live in its ``dataset`` record (:func:`example_to_data`), so every
worker reads them from the store; the JSONL files are an export (:func:`chat_row`,
:func:`lora_row` give a line of each).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lucidmem.errors import DatasetFormatError, LLMError
from lucidmem.store.files import read_side_file, write_side_file

if TYPE_CHECKING:
    import httpx

__all__ = [
    "Example",
    "LLMEndpoint",
    "SampleGenerator",
    "chat_row",
    "check_example_traits",
    "example_from_data",
    "example_to_data",
    "lora_prompt",
    "lora_row",
    "read_jsonl_rows",
    "read_lora_jsonl",
    "scrub_pii",
    "validate_chat_jsonl",
    "validate_chat_rows",
    "write_chat_jsonl",
    "write_jsonl_rows",
    "write_lora_jsonl",
]

ROLES = frozenset({"system", "user", "assistant"})
_EMAIL = re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b")
_CARD = re.compile(r"\b(?:\d[ -]?){12,18}\d\b")
_PHONE = re.compile(r"(?<![\w+])\+?\d[\d ()./-]{6,}\d\b")
_SARCASM = ("yeah right", "oh great", "obviously", "sure, because", "wow, genius")
_SLANG = ("lol", "lmao", "gonna", "wanna", "dude", "omg")
SHORT_REPLY_WORDS = 90  # brevity > 0.7: the reply must stay short


def _luhn(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2 == 1:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def scrub_pii(text: str, names: Iterable[str] = ()) -> str:
    """``text`` with e-mails, card numbers (Luhn-checked), phone numbers and names replaced."""

    def card(match: re.Match[str]) -> str:
        digits = re.sub(r"\D", "", match.group(0))
        return "[CARD]" if 13 <= len(digits) <= 19 and _luhn(digits) else match.group(0)

    out = _EMAIL.sub("[EMAIL]", text)
    out = _CARD.sub(card, out)
    out = _PHONE.sub(lambda m: "[PHONE]" if sum(c.isdigit() for c in m.group(0)) >= 7
                     else m.group(0), out)
    for name in sorted({n.strip() for n in names if n and len(n.strip()) > 1}, key=len,
                       reverse=True):
        out = re.sub(rf"\b{re.escape(name)}\b", "[NAME]", out, flags=re.IGNORECASE)
    return out


@dataclass(frozen=True, slots=True)
class Example:
    """One chat training example: system prompt, user message, assistant reply."""

    system: str
    user: str
    assistant: str
    score: float = 1.0
    synthetic: bool = False

    def messages(self) -> list[dict[str, str]]:
        """OpenAI chat messages."""
        return [{"role": "system", "content": self.system},
                {"role": "user", "content": self.user},
                {"role": "assistant", "content": self.assistant}]


def check_example_traits(example: Example, traits: Mapping[str, float]) -> str | None:
    """Why ``example`` contradicts the agent's traits (``None`` when it fits).

    Checks (ours; the seed asks to "validate examples match agent personality"): non-empty
    turns; brevity > 0.7 → reply ≤ 90 words; sarcasm < 0.3 → no sarcastic stock phrases;
    formality > 0.7 → no slang; humour < 0.3 → no laughter.
    """
    if not example.user.strip() or not example.assistant.strip():
        return "empty user message or reply"
    reply = example.assistant.lower()
    if traits.get("brevity", 0.5) > 0.7 and len(reply.split()) > SHORT_REPLY_WORDS:
        return f"reply of {len(reply.split())} words for a brief agent"
    if traits.get("sarcasm", 0.1) < 0.3 and any(p in reply for p in _SARCASM):
        return "sarcastic reply for a non-sarcastic agent"
    words = set(re.findall(r"[a-z']+", reply))
    if traits.get("formality", 0.4) > 0.7 and words & set(_SLANG):
        return "slang in a formal agent's reply"
    if traits.get("humor", 0.5) < 0.3 and ({"haha", "lol", "hehe"} & words):
        return "laughter in a serious agent's reply"
    return None


def write_jsonl_rows(path: Path, rows: Iterable[Mapping[str, Any]], *,
                     key: str | None = None) -> int:
    """Write JSON lines atomically, ``0600``, sealed under ``key`` when the store has one
    (:mod:`lucidmem.store.files`); returns the row count."""
    lines = [json.dumps(row, ensure_ascii=False) + "\n" for row in rows]
    write_side_file(path, "".join(lines).encode("utf-8"), key)
    return len(lines)


def example_to_data(example: Example) -> dict[str, Any]:
    """The JSON form of an example as the ``dataset`` record keeps it."""
    return {"system": example.system, "user": example.user, "assistant": example.assistant,
            "score": example.score, "synthetic": example.synthetic}


def example_from_data(data: Mapping[str, Any]) -> Example:
    """Inverse of :func:`example_to_data`."""
    return Example(str(data["system"]), str(data["user"]), str(data["assistant"]),
                   float(data["score"]), bool(data["synthetic"]))


def chat_row(example: Example) -> dict[str, Any]:
    """One line of OpenAI chat JSONL."""
    return {"messages": example.messages()}


def write_chat_jsonl(path: Path, examples: Sequence[Example], *, key: str | None = None) -> int:
    """Write OpenAI chat JSONL atomically; returns the example count."""
    return write_jsonl_rows(path, (chat_row(e) for e in examples), key=key)


def lora_prompt(system: str, user: str) -> str:
    """The plain chat template of the local LoRA format."""
    return f"<|system|>\n{system}\n<|user|>\n{user}\n<|assistant|>\n"


def lora_row(example: Example) -> dict[str, Any]:
    """One line of the local LoRA JSONL."""
    return {"prompt": lora_prompt(example.system, example.user), "completion": example.assistant}


def write_lora_jsonl(path: Path, examples: Sequence[Example], *, key: str | None = None) -> int:
    """Write the local LoRA dataset (prompt/completion JSONL) atomically."""
    return write_jsonl_rows(path, (lora_row(e) for e in examples), key=key)


def _lines(path: Path, key: str | None = None) -> Iterable[tuple[int, Any]]:
    try:
        text = read_side_file(path, key).decode("utf-8")
    except FileNotFoundError:
        raise DatasetFormatError(f"{path} does not exist; build the dataset again") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DatasetFormatError(f"{path} cannot be read as UTF-8 text: {exc}") from None
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            yield number, json.loads(line)
        except json.JSONDecodeError as exc:
            raise DatasetFormatError(f"{path.name} is not valid JSON ({exc.msg}); rebuild the "
                                     "dataset", line=number) from None


def read_jsonl_rows(path: str | Path, *, key: str | None = None) -> list[Any]:
    """The rows of a dataset file (sealed or plain), each parsed as JSON."""
    return [row for _, row in _lines(Path(path), key)]


def validate_chat_jsonl(path: str | Path, *, min_examples: int = 1,
                        key: str | None = None) -> int:
    """Check a file against the OpenAI chat fine-tuning format; returns the example count."""
    return _validate_chat(_lines(Path(path), key), min_examples)


def validate_chat_rows(rows: Iterable[Any], *, min_examples: int = 1) -> int:
    """:func:`validate_chat_jsonl` over rows already parsed (line numbers from 1)."""
    return _validate_chat(enumerate(rows, start=1), min_examples)


def _validate_chat(lines: Iterable[tuple[int, Any]], min_examples: int) -> int:
    count = 0
    for number, row in lines:
        messages = row.get("messages") if isinstance(row, dict) else None
        if not isinstance(messages, list) or not messages:
            raise DatasetFormatError('expected {"messages": [...]}', line=number)
        for i, message in enumerate(messages):
            if not isinstance(message, dict) or message.get("role") not in ROLES:
                raise DatasetFormatError(f"messages[{i}]: role must be one of "
                                         f"{sorted(ROLES)}", line=number)
            if not isinstance(message.get("content"), str) or not message["content"].strip():
                raise DatasetFormatError(f"messages[{i}]: content must be non-empty text",
                                         line=number)
        if messages[-1]["role"] != "assistant":
            raise DatasetFormatError("the last message must be the assistant's", line=number)
        count += 1
    if count < min_examples:
        raise DatasetFormatError(f"{count} examples; at least {min_examples} are needed")
    return count


def read_lora_jsonl(path: str | Path, *, key: str | None = None) -> list[tuple[str, str]]:
    """The (prompt, completion) pairs of a local LoRA dataset, validated."""
    pairs = []
    for number, row in _lines(Path(path), key):
        if not (isinstance(row, dict) and isinstance(row.get("prompt"), str)
                and isinstance(row.get("completion"), str) and row["completion"].strip()):
            raise DatasetFormatError('expected {"prompt": str, "completion": str}', line=number)
        pairs.append((row["prompt"], row["completion"]))
    if not pairs:
        raise DatasetFormatError(f"{Path(path).name} has no examples")
    return pairs


@dataclass(frozen=True, slots=True)
class LLMEndpoint:
    """An OpenAI-compatible chat endpoint (e.g. ``http://localhost:11434/v1``)."""

    base_url: str
    model: str
    api_key: str | None = None
    timeout_seconds: float = 60.0


class SampleGenerator:
    """Synthetic examples from the seed's generation prompt through a chat endpoint."""

    def __init__(self, endpoint: LLMEndpoint, *, transport: httpx.BaseTransport | None = None):
        self.endpoint = endpoint
        self._transport = transport

    def prompt(self, agent_name: str, description: str, traits: Mapping[str, float],
               interactions: Sequence[Example], count: int) -> str:
        """The seed's ``buildGenerationPrompt`` (JSON lines requested for easy parsing)."""
        brevity = traits.get("brevity", 0.5)
        questions = "; ".join(e.user[:120] for e in interactions[:5]) or "none yet"
        levels = ", ".join(f"{k} {v:.2f}" for k, v in sorted(traits.items()))
        return (
            f"Generate {count} training examples for an AI agent.\n\nCharacter:\n- Name: "
            f"{agent_name}\n- Description: {description or 'n/a'}\n\nLearned preferences (0-1 "
            f"scale): {levels}\n- Preferred response length: "
            f"{'short' if brevity > 0.7 else 'medium'}\n\nTypical user questions: {questions}"
            "\n\nCover casual, professional and emotional-support contexts. Answer with one "
            'JSON object per line: {"user": "...", "assistant": "..."} and nothing else.')

    def generate(self, agent_name: str, description: str, system_prompt: str,
                 traits: Mapping[str, float], interactions: Sequence[Example],
                 count: int) -> tuple[list[Example], int]:
        """Generated examples that pass :func:`check_example_traits`, and how many failed."""
        import httpx  # imported on first use: only sample generation makes HTTP calls

        ep = self.endpoint
        headers = {"Authorization": f"Bearer {ep.api_key}"} if ep.api_key else {}
        body = {"model": ep.model, "temperature": 0.8, "messages": [
            {"role": "user",
             "content": self.prompt(agent_name, description, traits, interactions, count)}]}
        try:
            with httpx.Client(timeout=ep.timeout_seconds, transport=self._transport) as client:
                response = client.post(f"{ep.base_url.rstrip('/')}/chat/completions",
                                       json=body, headers=headers)
                response.raise_for_status()
                content = response.json()["choices"][0]["message"]["content"]
        except (httpx.HTTPError, KeyError, IndexError, TypeError, ValueError) as exc:
            raise LLMError(f"sample generation at {ep.base_url} failed: {exc}") from exc
        kept: list[Example] = []
        rejected = 0
        for line in str(content).splitlines():
            try:
                row = json.loads(line.strip().rstrip(","))
                example = Example(system_prompt, str(row["user"]), str(row["assistant"]),
                                  synthetic=True)
            except (json.JSONDecodeError, KeyError, TypeError):
                rejected += bool(line.strip())
                continue
            if check_example_traits(example, traits) is None:
                kept.append(example)
            else:
                rejected += 1
        return kept[:count], rejected
