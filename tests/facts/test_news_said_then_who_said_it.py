"""Someone's own news, said first and then who said it ("er macht weiter mit seinen Schafen,
sagt er", "He's keeping the boat, he says"), is that person's news told by the user, as "he
says he …" is, not hearsay to be dropped; it is what still holds after a retraction of what
was told before. Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from .conftest import current_facts

_JUNE = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("lang", "before", "after", "kept", "gone"), [
    ("de", "mei opa hat gsagt er verkauft im frühjahr seine schafe",
     "vergiss des mit opa und de schafe, des war nur so gredet. er behält alle 40 schafe, "
     "sagt er", "40 schafe", "verkauft"),
    ("en", "my dad Jim is selling his boat this summer",
     "forget what I said about dad's boat. He's keeping the boat till he drops, he says.",
     "keeping the boat", "selling"),
    ("nl", "mijn opa Kees verkoopt dit jaar zijn volkstuin",
     "vergeet wat ik zei over opa's volkstuin. Hij houdt hem nog jaren, zegt hij.",
     "houdt hem", "verkoopt"),
])
def test_news_said_before_who_said_it_is_kept(lang: str, before: str, after: str, kept: str,
                                               gone: str) -> None:
    now = current_facts(before, after, start=_JUNE, lang=lang, days=30)
    assert [t for t in now if kept in t], now
    assert not [t for t in now if gone in t], now
