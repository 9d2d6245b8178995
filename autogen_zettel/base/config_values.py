"""The value types of the configuration models: strict, bounded field annotations.

Strict: YAML's ``true`` is not the number 1, nor 1.5 an int; an int is accepted where a float is
expected. Each bound is a ``Field`` constraint, so it reaches the JSON Schema and the
:class:`~autogen_zettel.base.errors.ConfigError` that names the key (see
:mod:`autogen_zettel.base.schema`).

>>> from pydantic import TypeAdapter, ValidationError
>>> TypeAdapter(Unit).validate_python(1)
1.0
>>> try:
...     TypeAdapter(Count).validate_python(1.5)
... except ValidationError as exc:
...     print(exc.errors()[0]["type"])
int_type
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import AfterValidator, Field, Strict

from autogen_zettel.base.schema import short

__all__ = ["Bool", "Text", "Int", "Count", "AtLeast1", "Number", "Positive", "Unit", "Rate", "Regex"]

Bool = Annotated[bool, Strict()]
Text = Annotated[str, Strict()]
Int = Annotated[int, Strict()]
Count = Annotated[int, Strict(), Field(ge=0)]
AtLeast1 = Annotated[int, Strict(), Field(ge=1)]
Number = Annotated[float, Strict(), Field(ge=0, allow_inf_nan=False)]  # finite: .inf is no setting
Positive = Annotated[float, Strict(), Field(gt=0, allow_inf_nan=False)]
Unit = Annotated[float, Strict(), Field(ge=0, le=1)]
Rate = Annotated[float, Strict(), Field(gt=0, le=1)]  # a share that must move something: (0, 1]


def _regex(pattern: str) -> str:
    try:
        re.compile(pattern)
    except re.error as exc:
        raise ValueError(f"not a valid regular expression ({exc}): {short(pattern)}") from None
    return pattern


Regex = Annotated[str, Strict(), AfterValidator(_regex)]
