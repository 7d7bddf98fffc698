"""A Chinese retraction that ends in a particle ("婷婷去日本那事你就当我没说哈"): the particle
names nothing, the topic is what comes before "that thing", and its fact is taken back.
Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import said_a_day_apart


@pytest.mark.parametrize(("said", "retraction", "gone"), [
    ("我闺蜜婷婷下个月要去日本留学了，舍不得死了",
     "婷婷去日本那事你就当我没说哈，她家里不同意", "日本"),
    ("我表哥阿杰要去深圳开店了", "阿杰开店那事你别记了啊", "开店"),
])
def test_the_topic_before_the_cue_is_taken_back(said: str, retraction: str,
                                                gone: str) -> None:
    with said_a_day_apart(said, retraction, start=datetime(2025, 4, 1, 12, 0, tzinfo=UTC),
                          user_id="z", lang="zh") as memory:
        facts = [(str(f.status).rsplit(".", 1)[-1].lower(), f.text)
                 for f in memory.facts.history(user_id="z")]
    assert [t for _, t in facts if gone in t], facts
    assert not [t for status, t in facts if status == "active" and gone in t], facts
