"""Local LoRA fine-tuning through PEFT (optional extra ``lucidmem[lora]``).

Seed: ``seeds/agent-feedback-rlhf.md`` — "For Local Models (LoRA)": rank 16, alpha 32, dropout
0.05, attention projections as target modules. :class:`LocalLoRAProvider` is a
:class:`~lucidmem.agents.finetune.FineTuneProvider`: ``submit`` trains synchronously on the
dataset's local LoRA JSONL (prompt/completion; the loss covers the completion only) and saves
the adapter; ``poll`` reports it. torch, peft and transformers are imported only here, lazily,
so the rest of lucidmem never needs them. The base model is loaded from a local path
(``local_files_only``: nothing is downloaded) or passed in already built.

Install: ``pip install -e ".[lora]"`` (pins ``torch==2.13.0``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from lucidmem.agents.datasets import read_lora_jsonl
from lucidmem.agents.finetune import PollResult, TrainingRequest
from lucidmem.errors import ConfigurationError, FineTuneError
from lucidmem.store.files import DIR_MODE, FILE_MODE, private_dir, write_private

__all__ = ["LocalLoRAProvider", "byte_tokens", "lora_available"]


def lora_available() -> bool:
    """Whether torch, peft and transformers can be imported."""
    try:
        import peft  # noqa: F401
        import torch  # noqa: F401
        import transformers  # noqa: F401
    except ImportError:
        return False
    return True


def byte_tokens(text: str) -> list[int]:
    """A tokenizer-free encoding (UTF-8 bytes + 3): for tiny test models without a vocabulary."""
    return [b + 3 for b in text.encode("utf-8")]


class LocalLoRAProvider:
    """Train a LoRA adapter on the CPU (or any torch device) with PEFT."""

    name = "local-lora"

    def __init__(
        self, output_dir: str | Path, *, model: Any = None,
        encode: Callable[[str], list[int]] | None = None, rank: int = 16, alpha: int = 32,
        dropout: float = 0.05, target_modules: Sequence[str] | None = None, epochs: int = 1,
        learning_rate: float = 1e-3, max_length: int = 256, seed: int = 0,
    ) -> None:
        self.output_dir = Path(output_dir)
        self._model = model
        self._encode = encode
        self.rank, self.alpha, self.dropout = rank, alpha, dropout
        self.target_modules = list(target_modules) if target_modules else None
        self.epochs, self.learning_rate = epochs, learning_rate
        self.max_length, self.seed = max_length, seed
        self.last_losses: list[float] = []

    def _load(self, base_model: str) -> tuple[Any, Callable[[str], list[int]]]:
        if not lora_available():
            raise ConfigurationError(
                'local LoRA needs the lora extra: pip install "lucidmem[lora]" (torch==2.13.0, '
                "peft, transformers)")
        if self._model is not None:
            return self._model, self._encode or byte_tokens
        from transformers import AutoModelForCausalLM, AutoTokenizer

        try:
            model = AutoModelForCausalLM.from_pretrained(base_model, local_files_only=True)
            tokenizer = AutoTokenizer.from_pretrained(base_model, local_files_only=True)
        except (OSError, ValueError) as exc:
            raise FineTuneError(f"cannot load the base model {base_model!r} from local files: "
                                f"{exc}") from exc

        def encode(text: str) -> list[int]:
            ids: list[int] = tokenizer(text, add_special_tokens=False)["input_ids"]
            return ids

        return model, self._encode or encode

    def submit(self, request: TrainingRequest) -> str:
        """Train now; returns the adapter directory (the "provider job id")."""
        import torch
        from peft import LoraConfig, get_peft_model

        pairs = read_lora_jsonl(request.lora_path, key=request.key)
        base, encode = self._load(request.base_model)
        torch.manual_seed(self.seed)
        config = LoraConfig(r=self.rank, lora_alpha=self.alpha, lora_dropout=self.dropout,
                            target_modules=self.target_modules, task_type="CAUSAL_LM")
        try:
            model = get_peft_model(base, config)
        except ValueError as exc:
            raise FineTuneError(f"LoRA cannot wrap this model: {exc}; set target_modules") from exc
        optimiser = torch.optim.AdamW(
            [p for p in model.parameters() if p.requires_grad], lr=self.learning_rate)
        model.train()
        losses: list[float] = []
        for _ in range(self.epochs):
            for prompt, completion in pairs:
                prompt_ids = encode(prompt)
                ids = (prompt_ids + encode(completion))[: self.max_length]
                if len(ids) <= len(prompt_ids) or len(ids) < 2:
                    continue
                labels = [-100] * len(prompt_ids) + ids[len(prompt_ids):]
                output = model(input_ids=torch.tensor([ids]),
                               labels=torch.tensor([labels[: len(ids)]]))
                output.loss.backward()
                optimiser.step()
                optimiser.zero_grad()
                losses.append(float(output.loss.detach()))
        if not losses:
            raise FineTuneError("no trainable example fits max_length; raise it")
        self.last_losses = losses
        target = private_dir(self.output_dir / request.job_id)
        model.save_pretrained(str(target))
        write_private(target / "lucidmem.json", json.dumps({
            "agent_id": request.agent_id, "base_model": request.base_model,
            "examples": len(pairs), "steps": len(losses), "first_loss": losses[0],
            "last_loss": losses[-1]}).encode("utf-8"))
        for saved in target.rglob("*"):  # the adapter's own files: owner only
            os.chmod(saved, DIR_MODE if saved.is_dir() else FILE_MODE)
        return str(target)

    def poll(self, external_id: str) -> PollResult:
        """Succeeded when the adapter was saved."""
        path = Path(external_id)
        if (path / "adapter_config.json").exists():
            return PollResult("succeeded", f"lora:{path}")
        return PollResult("failed", error=f"no adapter at {path}")
