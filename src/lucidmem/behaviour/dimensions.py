"""The 16 explicit style dimensions shared by skills and preference vectors.

Seed: aico-adaptive-memory-system.md, "User Preference Vectors" (the 14 named style
attributes, each 0.0 → 1.0) and "Base Skills Definition" (the order of the 16 floats;
"Last 2 dimensions reserved for future expansion"). Each value lies in [0, 1]; a fresh
preference vector holds 0.5 everywhere ("Initialize with neutral preference vector").
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Final

import numpy as np
from numpy.typing import NDArray

from lucidmem.errors import InvalidInputError

__all__ = [
    "DIMENSIONS",
    "NEUTRAL_VALUE",
    "NUM_DIMENSIONS",
    "dimension_index",
    "dimensions_from_mapping",
    "neutral_vector",
    "validate_dimensions",
]

#: The dimension names in the fixed order the seed's base-skill YAML uses
#: (0 = low end, 1 = high end of each attribute).
DIMENSIONS: Final[tuple[str, ...]] = (
    "verbosity",  # concise → verbose
    "formality",  # casual → formal
    "technical_depth",  # simple → technical
    "proactivity",  # reactive → proactive
    "emotional_expression",  # neutral → expressive
    "structure",  # freeform → structured / bullet points
    "explanation_depth",  # brief → detailed
    "example_usage",  # none → many examples
    "question_asking",  # declarative → inquisitive
    "reassurance_level",  # minimal → supportive
    "directness",  # indirect → direct
    "enthusiasm",  # reserved → energetic
    "patience",  # efficient → thorough
    "creativity",  # conventional → creative
    "reserved_1",  # reserved by the seed for future expansion
    "reserved_2",  # reserved by the seed for future expansion
)
NUM_DIMENSIONS: Final[int] = len(DIMENSIONS)
#: Starting value of every preference dimension (seed: "all 0.5").
NEUTRAL_VALUE: Final[float] = 0.5

_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(DIMENSIONS)}


def dimension_index(name: str) -> int:
    """Position of dimension ``name`` in :data:`DIMENSIONS`."""
    try:
        return _INDEX[name]
    except KeyError:
        raise InvalidInputError(
            f"unknown style dimension {name!r}; use one of: {', '.join(DIMENSIONS)}",
            field="dimension",
        ) from None


def neutral_vector() -> NDArray[np.float64]:
    """A fresh preference vector: 16 x 0.5."""
    return np.full(NUM_DIMENSIONS, NEUTRAL_VALUE, dtype=np.float64)


def validate_dimensions(
    values: Sequence[float] | NDArray[np.floating], *, field: str = "dimensions"
) -> tuple[float, ...]:
    """Check a 16-value style vector and return it as a tuple of floats.

    Raises :class:`~lucidmem.errors.InvalidInputError` naming the problem and the fix when
    the length is not 16, a value is not a number (or is NaN/infinite), or a value lies
    outside [0, 1].
    """
    if isinstance(values, (str, bytes)):
        raise InvalidInputError(
            f"{field} must be a list of {NUM_DIMENSIONS} numbers in [0, 1], not a string",
            field=field,
        )
    try:
        items = list(values)
    except TypeError:
        raise InvalidInputError(
            f"{field} must be a list of {NUM_DIMENSIONS} numbers in [0, 1], "
            f"got {type(values).__name__}",
            field=field,
        ) from None
    if len(items) != NUM_DIMENSIONS:
        raise InvalidInputError(
            f"{field} has {len(items)} values but needs exactly {NUM_DIMENSIONS} "
            f"(in this order: {', '.join(DIMENSIONS)})",
            field=field,
        )
    out: list[float] = []
    for name, value in zip(DIMENSIONS, items, strict=True):
        if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
            raise InvalidInputError(
                f"{field}: {name} is {value!r}; give a number between 0 and 1", field=field
            )
        number = float(value)
        if not math.isfinite(number) or not 0.0 <= number <= 1.0:
            raise InvalidInputError(
                f"{field}: {name} is {number!r}, outside [0, 1]; give a value between 0 and 1",
                field=field,
            )
        out.append(number)
    return tuple(out)


def dimensions_from_mapping(
    values: Mapping[str, float], *, field: str = "dimensions"
) -> tuple[float, ...]:
    """Build a 16-value vector from ``{name: value}``.

    All 14 named dimensions must be present; the two reserved ones default to
    :data:`NEUTRAL_VALUE`. Unknown names are an error (they are usually typos).
    """
    unknown = sorted(set(values) - set(DIMENSIONS))
    if unknown:
        raise InvalidInputError(
            f"{field}: unknown dimension(s) {', '.join(unknown)}; "
            f"valid names are: {', '.join(DIMENSIONS)}",
            field=field,
        )
    missing = [n for n in DIMENSIONS if n not in values and not n.startswith("reserved_")]
    if missing:
        raise InvalidInputError(
            f"{field}: missing dimension(s) {', '.join(missing)}; give every named dimension "
            "a value in [0, 1]",
            field=field,
        )
    return validate_dimensions([values.get(n, NEUTRAL_VALUE) for n in DIMENSIONS], field=field)
