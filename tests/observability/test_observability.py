"""JSON logs and the seed's aggregates, checked against values computed by hand."""

from __future__ import annotations

import io
import json
import logging

from lucidmem.api.ratelimit import TokenBuckets
from lucidmem.observability import (
    JsonFormatter,
    compute_aggregates,
    configure_logging,
    interactions_to_target,
    log_metric,
)
from lucidmem.observability.aggregates import FeedbackEvent


def test_metric_events_are_json_lines_with_their_type() -> None:
    stream = io.StringIO()
    handler = configure_logging("INFO", stream)
    try:
        log_metric("behavioral_memory_selection", "Skill selected", skill_id="concise",
                   selection_time_ms=1.5)
    finally:
        logging.getLogger("lucidmem").removeHandler(handler)
    line = json.loads(stream.getvalue().strip().splitlines()[-1])
    assert line["metric_type"] == "behavioral_memory_selection"
    assert line["skill_id"] == "concise" and line["message"] == "Skill selected"
    assert isinstance(JsonFormatter(), logging.Formatter)


def test_interactions_to_target_by_hand() -> None:
    assert interactions_to_target([1, 1, 1]) == 3
    assert interactions_to_target([-1, -1, 1, 1, 1, 1, 1]) == 7  # 5/7 = 0.71
    assert interactions_to_target([-1, 1] * 10) is None  # stuck at 50 %
    assert interactions_to_target([1, 1]) is None  # too few to tell


def test_aggregates_by_hand() -> None:
    events = [FeedbackEvent("a", 1, 1), FeedbackEvent("a", 2, -1), FeedbackEvent("b", 3, 1),
              FeedbackEvent("b", 4, 0)]
    agg = compute_aggregates(events, events, {"a/s": [0.5, 0.6, 0.7]}, start=0, end=10)
    assert agg.skill_accuracy == 0.5  # 2 of 4 positive
    assert agg.user_satisfaction == 0.25  # mean of a: 0.0 and b: 0.5
    assert agg.adaptation_speed is None and agg.users_adapted == 0
    assert abs((agg.skill_retention or 0) - 0.02 / 3) < 1e-12  # pvariance(.5,.6,.7)
    empty = compute_aggregates([], [], {}, start=0, end=10)
    assert empty.skill_accuracy is None and empty.user_satisfaction is None
    assert empty.skill_retention is None


def test_token_bucket_refills_at_its_rate() -> None:
    now = [0.0]
    buckets = TokenBuckets(rate=2.0, burst=2, clock=lambda: now[0])
    assert [buckets.take("k") for _ in range(2)] == [0.0, 0.0]
    assert buckets.take("k") == 0.5
    now[0] = 0.5
    assert buckets.take("k") == 0.0 and buckets.take("other") == 0.0
