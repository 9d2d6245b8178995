"""MkDocs hook: the configuration reference, generated from the pydantic models at build time.

Each section of :class:`~autogen_zettel.base.config.MemoryConfig` becomes a table of its keys
with type, default and description (the field's ``description``, else the comment written
beside the field in ``base/config.py`` or ``base/recall_config.py``), so the page can never
drift from the code.
"""

from __future__ import annotations

import inspect
import io
import json
import tokenize
from typing import Any

MARKER = "<!-- config-reference -->"


def _comments(cls: type) -> dict[str, str]:
    """Field name -> the comment on its line (or the comment lines just above it)."""
    try:
        source = inspect.getsource(cls)
    except (OSError, TypeError):
        return {}
    out: dict[str, str] = {}
    above: list[str] = []
    lines = source.splitlines()
    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    trailing = {t.start[0]: t.string.lstrip("# ").strip() for t in tokens if t.type == tokenize.COMMENT}
    for n, line in enumerate(lines, start=1):
        stripped = line.strip()
        if stripped.startswith("#"):
            above.append(stripped.lstrip("# ").strip())
            continue
        name = stripped.split(":", 1)[0].strip()
        if ":" in stripped and name.isidentifier() and not stripped.startswith(("def ", "class ", "@")):
            text = trailing.get(n) if not stripped.startswith("#") and n in trailing else None
            if text and text.startswith(("type:", "noqa")):
                text = None
            out[name] = text or " ".join(above)
        above = []
    return out


def _type_name(annotation: Any) -> str:
    text = getattr(annotation, "__name__", None) or str(annotation)
    for noise in ("typing.", "Annotated[", "autogen_zettel.base.cards.", "autogen_zettel.base.config."):
        text = text.replace(noise, "")
    return text if len(text) < 60 else text[:57] + "..."


def _default(field: Any) -> str:
    from pydantic_core import PydanticUndefined

    value = field.default
    if value is PydanticUndefined and field.default_factory is not None:
        try:
            value = field.default_factory()
        except TypeError:
            return "(computed)"
    if hasattr(value, "model_dump"):
        return "(section)"
    try:
        return "`" + json.dumps(value, default=str) + "`"
    except TypeError:
        return "`" + repr(value) + "`"


def _overrides(model: type) -> Any:
    """The preset whose constants ``model``'s keys override (recall.tuning), else None."""
    from autogen_zettel.base.recall_config import RecallTuning

    if model is RecallTuning:
        from autogen_zettel.recall.presets import DEFAULT

        return DEFAULT
    return None


def _section(prefix: str, model: type, out: list[str]) -> None:
    import typing

    from pydantic import BaseModel

    comments = _comments(model)
    preset = _overrides(model)
    rows: list[str] = []
    nested: list[tuple[str, type]] = []
    for name, field in model.model_fields.items():
        annotation = field.annotation
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            nested.append((f"{prefix}.{name}" if prefix else name, annotation))
            continue
        text = (field.description or comments.get(name) or "").replace("|", "\\|")
        default = _default(field)
        if preset is not None:  # an override: unset, the preset's value holds
            annotation = next(a for a in typing.get_args(annotation) if a is not type(None))
            if typing.get_origin(annotation) is typing.Annotated:
                annotation = typing.get_args(annotation)[0]
            default = f"preset: `{json.dumps(getattr(preset, name))}`"
        rows.append(f"| `{name}` | `{_type_name(annotation)}` | {default} | {text} |")
    if rows:
        doc = inspect.cleandoc(model.__doc__ or "").split("\n\n")[0].replace("\n", " ")
        out += [
            f"## `{prefix}`" if prefix else "## top level",
            "",
            doc,
            "",
            "| key | type | default | what it sets |",
            "|---|---|---|---|",
            *rows,
            "",
        ]
    for name, sub in nested:
        _section(name, sub, out)


def reference() -> str:
    from autogen_zettel.base.config import MemoryConfig

    out: list[str] = []
    _section("", MemoryConfig, out)
    return "\n".join(out)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    if MARKER in markdown:
        return markdown.replace(MARKER, reference())
    return markdown
