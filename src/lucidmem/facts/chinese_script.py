"""Traditional Chinese read with the simplified tables, and given back as written.

The cue tables and patterns of the offline extractor are written in simplified characters.
A turn written in traditional ones ("我現在在台中教書") is read through its simplified form,
character for character (:func:`folded`: "我现在在台中教书"), so every position in it is the
same as in what the user wrote; the facts read from it are then written back in the user's
own characters (:meth:`Folding.restore`). The table is package data
(``facts/data/traditional_chinese.txt``, from OpenCC, Apache License 2.0), one simplified
character for one traditional one; characters with no single counterpart stay as they are.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from importlib import resources

__all__ = ["Folding", "folded"]


@cache
def _table() -> dict[int, str]:
    listed = (resources.files("lucidmem.facts") / "data" /
              "traditional_chinese.txt").read_text("utf-8")
    table: dict[int, str] = {}
    for line in listed.splitlines():
        if not line or line.startswith("#"):
            continue
        traditional, _, simplified = line.partition("\t")
        table[ord(traditional)] = simplified
    return table


@dataclass(frozen=True, slots=True)
class Folding:
    """A turn's text in simplified characters, and how to write its characters back."""

    text: str
    back: dict[str, str] = field(default_factory=dict)
    """Each simplified character that stood for a traditional one in the turn → that one."""

    def restore(self, said: str) -> str:
        """``said`` (read from :attr:`text`) in the characters the user wrote."""
        if not self.back:
            return said
        return "".join(self.back.get(char, char) for char in said)


def folded(text: str) -> Folding:
    """``text`` with each traditional character written as its simplified one, the same
    length; unchanged (and nothing to write back) when it holds none.

    >>> f = folded("我現在在台中教書")
    >>> f.text
    '我现在在台中教书'
    >>> f.restore("The user (job): 现在在台中教书")
    'The user (job): 現在在台中教書'
    """
    table = _table()
    simple = text.translate(table)
    if simple == text:
        return Folding(text)
    back = {new: old for old, new in zip(text, simple, strict=True) if old != new}
    return Folding(simple, back)
