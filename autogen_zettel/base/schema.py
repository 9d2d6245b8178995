"""The pydantic base of every file schema, and the one place pydantic's errors become ours.

Config, persona, scenario and message schemas are pydantic v2 models deriving from
:class:`Schema`: unknown keys forbidden, frozen, numbers strict (``true`` is not a 1), bounds as
``Field`` constraints (so the JSON Schema that ``autogen-zettel schema`` prints carries them).
:func:`describe_error` turns the first error of a ``ValidationError`` into the dotted key and a
message in our style, naming what was expected, what was found and the fix; values are shown
with :func:`short` (``repr`` cut to 80 characters, so a huge value cannot flood a message).

>>> from autogen_zettel.base.config import MemoryConfig
>>> MemoryConfig.model_validate({"recall": {"k": 0}})
Traceback (most recent call last):
...
autogen_zettel.base.errors.ConfigError: at key 'recall.k': must be at least 1 (>= 1), got 0
>>> MemoryConfig.model_validate({"recall": {"kk": 3}})
Traceback (most recent call last):
...
autogen_zettel.base.errors.ConfigError: at key 'recall.kk': unknown key; did you mean 'k'? known keys are: k, token_budget, ...
"""

from __future__ import annotations

import functools
import types
import typing
from typing import Any

import annotated_types
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError
from pydantic_core import PydanticCustomError

from autogen_zettel.base.errors import ConfigError

__all__ = ["Schema", "Field", "RULE", "rule_error", "short", "describe_error", "config_error", "validate"]

#: error type of the cross-field rules a model checks itself (see :func:`rule_error`)
RULE = "zettel_rule"


def short(value: Any, limit: int = 80) -> str:
    """``repr(value)`` cut to ``limit`` characters; never expands a huge value in full.

    >>> short("x" * 200)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (200 characters)"
    """
    if isinstance(value, (list, tuple, dict, set)) and len(value) > 20:
        return f"<{type(value).__name__} of {len(value):,} items>"
    try:
        text = repr(value)
    except RecursionError:
        return f"<deeply nested {type(value).__name__}>"
    if len(text) <= limit:
        return text
    size = f" ({len(value):,} characters)" if isinstance(value, str) else ""
    return text[:limit] + "..." + size


def did_you_mean(name: str, known: typing.Iterable[str]) -> str:
    """``"did you mean 'k'? "`` for the known name closest to a misspelt ``name``, else ``""``.

    >>> did_you_mean("treshold", ["k", "threshold", "hops"])
    "did you mean 'threshold'? "
    >>> did_you_mean("colour", ["k", "threshold"])
    ''
    """
    import difflib

    close = difflib.get_close_matches(str(name), [str(k) for k in known], n=1, cutoff=0.6)
    return f"did you mean {close[0]!r}? " if close else ""


def rule_error(field: str, message: str) -> PydanticCustomError:
    """A cross-field rule broken at ``field`` (a dotted suffix of the model's own key).

    Raise it from a ``model_validator``; :func:`describe_error` reports it at that key.
    """
    return PydanticCustomError(RULE, "{message}", {"field": field, "message": message})


class Schema(BaseModel):
    """Base of every file schema: unknown keys forbidden, frozen, errors as :class:`ConfigError`.

    Building a model from Python (``RecallConfig(k=0)``) raises the same ``ConfigError`` as a
    file would, rather than pydantic's ``ValidationError``.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    def __init__(self, **data: Any):
        try:
            super().__init__(**data)
        except ValidationError as exc:
            raise config_error(exc, type(self)) from None

    # Tell pydantic this __init__ only wraps its own: otherwise it would call it for every nested
    # model too (and the outer model would see our ConfigError as a plain ValueError).
    __init__.__pydantic_base_init__ = True  # type: ignore[attr-defined]

    @classmethod
    def model_validate(cls, obj: Any, *args: Any, **kwargs: Any):  # noqa: D102 - pydantic's, translated
        try:
            return super().model_validate(obj, *args, **kwargs)
        except ValidationError as exc:
            raise config_error(exc, cls) from None

    @classmethod
    def model_validate_json(cls, json_data: Any, *args: Any, **kwargs: Any):  # noqa: D102 - as above
        try:
            return super().model_validate_json(json_data, *args, **kwargs)
        except ValidationError as exc:
            raise config_error(exc, cls) from None

    @classmethod
    def model_validate_strings(cls, obj: Any, *args: Any, **kwargs: Any):  # noqa: D102 - as above
        try:
            return super().model_validate_strings(obj, *args, **kwargs)
        except ValidationError as exc:
            raise config_error(exc, cls) from None

    # pydantic's model_construct and model_copy(update=...) set fields unchecked: a NaN
    # ``decay.stability_days`` got in that way and archived every card (#42). Here every way of
    # building a model validates, as a file would be.
    @classmethod
    def model_construct(cls, _fields_set: set[str] | None = None, **values: Any):  # noqa: D102
        return cls.model_validate(values)

    def model_copy(self, *, update: Any = None, deep: bool = False):  # noqa: D102 - validated
        copied = super().model_copy(update=update, deep=deep)
        if not update:
            return copied  # a copy of a valid model is valid
        # nested models of ``update`` are validated as mappings, so a model smuggled in unchecked
        # (built before this rule, or with object.__setattr__) is checked too
        data = {
            name: v.model_dump() if isinstance(v, BaseModel) else v
            for name, v in {**dict(copied), **dict(update)}.items()
        }
        checked = type(self).model_validate(data)
        if copied.__pydantic_private__:
            object.__setattr__(checked, "__pydantic_private__", dict(copied.__pydantic_private__))
        return checked


def validate(schema: Any, data: Any, *, file: str | None = None, prefix: str = "") -> Any:
    """Validate ``data`` against ``schema`` (a model class, or any type such as
    ``dict[str, Model]``); errors become a :class:`ConfigError` naming ``file`` and the dotted
    key (``prefix`` goes in front, e.g. ``"memory."`` inside a scenario)."""
    try:
        if isinstance(schema, type) and issubclass(schema, BaseModel):
            return BaseModel.model_validate.__func__(schema, data)
        return _adapter(schema).validate_python(data)
    except ValidationError as exc:
        raise config_error(exc, schema, file=file, prefix=prefix) from None


@functools.lru_cache(maxsize=32)
def _adapter(schema: Any) -> TypeAdapter:
    return TypeAdapter(schema)


def config_error(
    exc: ValidationError, model: Any, *, file: str | None = None, prefix: str = ""
) -> ConfigError:
    """The first error of ``exc`` as a :class:`ConfigError` (file, dotted key, message with the fix)."""
    key, message = describe_error(exc, model)
    key = (prefix + key) if key else (prefix.rstrip(".") or None)
    return ConfigError(message, file=file, key=key)


# -- walking the model to the failing key --------------------------------------------------------


def _unwrap(tp: Any) -> tuple[Any, list[Any], str | None]:
    """``Annotated[T, ...]`` / ``Optional[T]`` -> (T, constraints, description)."""
    metadata: list[Any] = []
    description = None
    while True:
        origin = typing.get_origin(tp)
        if origin is typing.Annotated:
            tp, *extra = typing.get_args(tp)
            for m in extra:
                metadata.extend(getattr(m, "metadata", ()) or ())
                if getattr(m, "description", None):
                    description = description or m.description
                metadata.append(m)
            continue
        if origin in (typing.Union, types.UnionType):
            options = [a for a in typing.get_args(tp) if a is not type(None)]
            if len(options) == 1:
                tp = options[0]
                continue
        return tp, metadata, description


class _Slot:
    """What the schema expects at one key: the type, its constraints and its description."""

    def __init__(self, tp: Any, metadata: list[Any] | None = None, description: str | None = None):
        self.tp, more, desc = _unwrap(tp)
        self.metadata = [*(metadata or []), *more]
        self.description = description or desc

    def child(self, part: Any) -> _Slot | None:
        tp = self.tp
        if isinstance(tp, type) and issubclass(tp, BaseModel):
            info = tp.model_fields.get(part) if isinstance(part, str) else None
            if info is None:
                return None
            return _Slot(info.annotation, list(info.metadata), info.description)
        origin = typing.get_origin(tp)
        args = typing.get_args(tp)
        if origin in (tuple, list) and isinstance(part, int) and args:
            if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
                return _Slot(args[part]) if part < len(args) else None
            return _Slot(args[0])
        if origin is dict and args:
            return _Slot(args[1])
        if origin in (typing.Union, types.UnionType) and isinstance(part, str):
            # a tagged union puts the tag in the path: step to the member it names
            for member in args:
                for m in typing.get_args(member)[1:] if typing.get_origin(member) is typing.Annotated else ():
                    if getattr(m, "tag", None) == part:
                        return _Slot(member)
        return None

    def bound(self, kind: type) -> Any:
        """The value of the first ``annotated_types`` constraint of ``kind`` (Ge, Le, MinLen...)."""
        for m in self.metadata:
            if isinstance(m, kind):
                return getattr(m, _BOUND_ATTR[kind])
        return None

    def fields(self) -> list[str]:
        tp = self.tp
        return list(tp.model_fields) if isinstance(tp, type) and issubclass(tp, BaseModel) else []


_BOUND_ATTR = {
    annotated_types.Ge: "ge",
    annotated_types.Gt: "gt",
    annotated_types.Le: "le",
    annotated_types.Lt: "lt",
    annotated_types.MinLen: "min_length",
}


def _num(x: Any) -> str:
    return f"{x:g}" if isinstance(x, float) else str(x)


def _range(slot: _Slot) -> str:
    """The allowed range at ``slot`` in words, e.g. ``"in 0..1"`` or ``"at least 1"`` ('' if none)."""
    ge, gt = slot.bound(annotated_types.Ge), slot.bound(annotated_types.Gt)
    le, lt = slot.bound(annotated_types.Le), slot.bound(annotated_types.Lt)
    low, high = (ge if ge is not None else gt), (le if le is not None else lt)
    if low is not None and high is not None:
        if gt is not None and lt is not None:
            return f"strictly between {_num(low)} and {_num(high)}"
        if ge is not None and le is not None:
            return f"in {_num(low)}..{_num(high)}"
        return f"in {'(' if gt is not None else '['}{_num(low)}, {_num(high)}{']' if le is not None else ')'}"
    if ge is not None:
        return "not negative" if ge == 0 else f"at least {_num(ge)}"
    if gt is not None:
        return "positive" if gt == 0 else f"above {_num(gt)}"
    if le is not None:
        return f"at most {_num(le)}"
    if lt is not None:
        return f"below {_num(lt)}"
    return ""


_NOUNS = {
    "int": "a whole number",
    "float": "a number",
    "bool": "true or false",
    "string": "text",
    "dict": "a mapping",
    "model": "a mapping",
    "model_attributes": "a mapping",
    "list": "a list",
    "tuple": "a list",
    "datetime": "a date-time",
}
_PY = {"int": "int", "float": "float", "bool": "bool", "string": "str"}


def _noun(slot: _Slot | None, kind: str) -> str:
    noun = _NOUNS.get(kind, kind)
    if slot is None:
        return noun
    if kind == "string" and (slot.bound(annotated_types.MinLen) or 0) >= 1:
        noun = "non-empty text"
    if kind in ("model", "model_attributes") and slot.fields():
        noun = f"a mapping with keys {', '.join(slot.fields())}"
    limits = _range(slot)
    if limits and kind in ("int", "float"):
        noun += f" {limits}" if limits.startswith(("in ", "strictly")) else f", {limits},"
    return noun


def _kind(tp: Any) -> str:
    """The pydantic error-type stem for a Python type (``str`` -> ``"string"``)."""
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return "model"
    origin = typing.get_origin(tp) or tp
    return {
        str: "string",
        int: "int",
        float: "float",
        bool: "bool",
        dict: "dict",
        list: "list",
        tuple: "tuple",
    }.get(origin, "")


def describe_error(exc: ValidationError, model: Any) -> tuple[str | None, str]:
    """The first error of ``exc`` as (dotted key or None, message with the fix)."""
    errors = exc.errors(include_url=False)
    # an unknown key first: a misspelt key also shows up as the right one missing
    err = next((e for e in errors if e["type"] == "extra_forbidden"), errors[0])
    kind = err["type"]
    ctx = err.get("ctx") or {}
    value = err.get("input")
    parts: list[str] = []
    slot: _Slot | None = _Slot(model)
    parent: _Slot | None = None
    for part in err["loc"]:
        if part == "[key]":  # pydantic marks an invalid mapping key; the key is already in the path
            continue
        nxt = slot.child(part) if slot is not None else None
        if (
            slot is not None
            and isinstance(part, str)
            and typing.get_origin(slot.tp) in (typing.Union, types.UnionType)
        ):
            slot = nxt  # a union tag, not a key of the file
            continue
        parent, slot = slot, nxt
        if isinstance(part, int):
            parts.append(f"[{part}]")
        else:
            parts.append(("." if parts else "") + str(part))
    key = "".join(parts) or None
    got = f"got {short(value)}"
    if kind == RULE:
        field = ctx["field"]
        key = f"{key}.{field}" if key else field
        return key, ctx["message"]
    if kind == "extra_forbidden":
        known = parent.fields() if parent is not None else []
        return (
            key,
            f"unknown key; {did_you_mean(parts[-1].lstrip('.') if parts else '', known)}known keys are: "
            f"{', '.join(known)}",
        )
    if kind == "missing":
        name = parts[-1].lstrip(".") if parts else "value"
        noun = _noun(slot, _kind(slot.tp)) if slot is not None else ""
        return key, f"is required{f' ({noun})' if noun else ''}; add e.g. `{name}: ...`"
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        op = {"greater_than_equal": ">=", "greater_than": ">", "less_than_equal": "<=", "less_than": "<"}[
            kind
        ]
        bound = next(iter(ctx.values()))
        limits = _range(slot) if slot is not None else ""
        verb = "be" if limits.startswith(("at ", "not", "positive", "above", "below")) else "lie"
        if limits == "not negative":
            verb, limits = "not", "be negative"
        rule = f"{verb} {limits} ({op} {_num(bound)})" if limits else f"be {op} {_num(bound)}"
        return key, f"must {rule}, {got}"
    if kind in ("too_short", "too_long"):
        have = ctx.get("actual_length")
        if kind == "too_short" and ctx.get("min_length") == 1:
            msg = "must not be empty: list at least one item"
        elif kind == "too_short":
            msg = f"must have at least {ctx.get('min_length')} items, got {have}"
        else:
            msg = f"must have at most {ctx.get('max_length'):,} items, got {have:,}; split it"
        desc = slot.description if slot is not None else None
        return key, msg + (f"; expected: {desc}" if desc else "")
    if kind == "string_too_long":
        return key, f"must be at most {ctx.get('max_length'):,} characters, got {len(value):,}; shorten it"
    if kind == "literal_error":
        return key, f"must be one of {ctx.get('expected')}, {got}"
    if kind == "enum":
        return key, f"must be one of {ctx.get('expected')}, {got}"
    if kind in ("value_error", "assertion_error"):
        return key, str(ctx.get("error", err["msg"]))
    if kind.endswith("_type") or kind.endswith("_parsing"):
        base = kind.rsplit("_", 1)[0]
        noun = _noun(slot, base)
        py = f" (expected {_PY[base]})" if base in _PY else ""
        msg = f"must be {noun}{py}, {got} ({type(value).__name__})".replace(", (", " (")
        if base == "string":
            msg += "; quote it or write it as text"
        elif base in ("dict", "model", "model_attributes"):
            msg += "; write it as {name: value}" if base == "dict" else "; write it as `key: value` lines"
        elif base in ("list", "tuple"):
            msg += "; write it as [a, b]"
        else:
            msg += "; fix the value's type"
        desc = slot.description if slot is not None else None
        return key, msg + (f"; expected: {desc}" if desc else "")
    return key, f"{err['msg']}, {got}"
