"""Local LoRA fine-tuning end to end with a tiny random GPT-2 built here (no downloads).

Needs the optional extra:
``pip install -e ".[lora,test]" && pytest tests/agents_capability -m lora``.
Without torch/peft/transformers the test is skipped with the reason.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lucidmem import Memory

pytestmark = pytest.mark.lora

torch = pytest.importorskip("torch", reason='needs the lora extra: pip install -e ".[lora]"')
peft = pytest.importorskip("peft", reason='needs the lora extra: pip install -e ".[lora]"')
transformers = pytest.importorskip("transformers",
                                   reason='needs the lora extra: pip install -e ".[lora]"')


def test_local_lora_trains_registers_and_serves(memory: Memory, agent: str,
                                                tmp_path: Path) -> None:
    from lucidmem.agents.lora import LocalLoRAProvider

    for i in range(4):
        memory.agents.submit_feedback(user_id="maya", agent_id=agent, source_id=f"m{i}",
                                      thumbs=1, message=f"How do I start? ({i})",
                                      response="One small step today.")
    dataset = memory.agents.training.build_dataset(agent)
    torch.manual_seed(0)
    config = transformers.GPT2Config(vocab_size=260, n_positions=512, n_embd=32, n_layer=2,
                                     n_head=2)
    model = transformers.GPT2LMHeadModel(config)
    provider = LocalLoRAProvider(tmp_path / "adapters", model=model, target_modules=["c_attn"],
                                 rank=4, alpha=8, epochs=3, learning_rate=5e-3, max_length=512)
    job = memory.agents.training.start_fine_tune(agent, dataset.dataset_id, provider,
                                                 base_model="tiny-gpt2")
    assert job.status == "completed", job.errors
    assert job.model_id is not None
    adapter = Path(job.model_id.removeprefix("lora:"))
    assert (adapter / "adapter_config.json").exists()
    assert provider.last_losses[-1] < provider.last_losses[0]
    profile = memory.agents.policy.compile(agent, draw=0.0)
    assert profile.model.use_fine_tuned and profile.model.provider == "local-lora"
    reloaded = peft.PeftModel.from_pretrained(transformers.GPT2LMHeadModel(config), str(adapter))
    assert any("lora_" in name for name, _ in reloaded.named_parameters())
