"""Reading YAML files that people edit: bounded, safe, and every error names the file.

A YAML file can describe far more data than it holds: nine levels of ten aliases each (the
"billion laughs") expand to 10**9 items from a few hundred bytes, and anything that walks the
result (validation, an error message's ``repr``) then hangs and eats gigabytes.
:func:`read_yaml` therefore refuses, before any value is built:

* files over :data:`MAX_BYTES` (2 MiB; a persona, config or scenario is a few KiB),
* nesting deeper than :data:`MAX_DEPTH` (50 levels),
* a key given twice in one mapping (the last one would win silently),
* anything but a regular file (a FIFO would block the read forever),
* documents whose aliases expand to more than :data:`MAX_NODES` (200,000) nodes, counted with
  every alias expanded, and more than :data:`MAX_ALIASES` (1,000) alias uses.

Loading goes through ``yaml.SafeLoader`` (no Python objects are ever constructed).

>>> import tempfile, os
>>> bomb = 'a: &a ["x","x","x","x","x","x","x","x","x","x"]\\n' + "".join(
...     f'{c}: &{c} [{",".join(["*" + p] * 10)}]\\n' for p, c in zip("abcdefgh", "bcdefghi"))
>>> with tempfile.TemporaryDirectory() as d:
...     path = Path(d, "bomb.yaml"); _ = path.write_text(bomb)
...     read_yaml(path)
Traceback (most recent call last):
...
autogen_zettel.base.errors.ConfigError: in .../bomb.yaml: refused: its aliases expand to more than 200,000 values ...
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from yaml.events import AliasEvent

from autogen_zettel.base.errors import ConfigError

__all__ = ["MAX_BYTES", "MAX_DEPTH", "MAX_NODES", "MAX_ALIASES", "read_text", "read_yaml", "parse_yaml"]

MAX_BYTES = 2 * 1024 * 1024
MAX_DEPTH = 50
MAX_NODES = 200_000
MAX_ALIASES = 1_000


class _Refused(yaml.YAMLError):
    """A bound was hit while composing; turned into a ConfigError by :func:`parse_yaml`."""


class BoundedSafeLoader(yaml.SafeLoader):
    """``yaml.SafeLoader`` that refuses deep nesting, many aliases and explosive alias expansion.

    The composer builds a graph in which an alias is the same node object again, so the
    document costs little memory until something expands it; the expanded size is counted on
    that graph (each node once, memoised) before anything is constructed.
    """

    def __init__(self, stream):
        super().__init__(stream)
        self._depth = 0
        self._aliases = 0

    def compose_node(self, parent, index):  # noqa: D102 - PyYAML's hook
        if self.check_event(AliasEvent):
            self._aliases += 1
            if self._aliases > MAX_ALIASES:
                raise _Refused(f"it uses more than {MAX_ALIASES:,} aliases (*name); write the values out")
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise _Refused(f"it nests deeper than {MAX_DEPTH} levels; flatten it")
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_mapping(self, node, deep=False):  # noqa: D102 - PyYAML's hook
        # a key given twice would silently keep the last value: refuse it, naming key and line
        # (merge keys '<<' may override, as YAML intends)
        if isinstance(node, yaml.MappingNode):
            seen: dict[Any, int] = {}
            for key_node, _ in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    continue
                key = self.construct_object(key_node, deep=True)
                line = key_node.start_mark.line + 1
                try:
                    first = seen.get(key)
                except TypeError:  # an unhashable key: SafeConstructor reports it
                    continue
                if first is not None:
                    raise _Refused(
                        f"the key {key!r} is given twice (line {first} and line {line}); keep one of them"
                    )
                seen[key] = line
        return super().construct_mapping(node, deep=deep)

    def compose_document(self):  # noqa: D102 - PyYAML's hook
        node = super().compose_document()
        _expanded_size(node, {})
        return node


def _expanded_size(node: yaml.Node, memo: dict[int, int]) -> int:
    """Nodes under ``node`` with every alias expanded; raises once over :data:`MAX_NODES`.

    Recursion is bounded by the composer's depth limit; the memo makes shared (aliased)
    subtrees cost one visit however often they are used.
    """
    known = memo.get(id(node))
    if known is not None:
        return known
    size = 1
    if isinstance(node, yaml.SequenceNode):
        size += sum(_expanded_size(child, memo) for child in node.value)
    elif isinstance(node, yaml.MappingNode):
        size += sum(_expanded_size(k, memo) + _expanded_size(v, memo) for k, v in node.value)
    if size > MAX_NODES:
        raise _Refused(
            f"its aliases expand to more than {MAX_NODES:,} values (a 'billion laughs' file?); "
            "write the values out or split the file"
        )
    memo[id(node)] = size
    return size


def read_text(path: Path, *, missing_fix: str = "check the path") -> str:
    """A UTF-8 text file of at most :data:`MAX_BYTES`, or a :class:`ConfigError` naming the file and the fix."""
    path = Path(path)
    file = str(path)
    if path.is_dir():
        raise ConfigError("is a folder, not a file; give the path of one .yaml file inside it", file=file)
    if path.exists() and not path.is_file():
        # a FIFO would block the read forever, a device could be endless
        raise ConfigError(
            "is not a regular file (a FIFO, socket or device); give the path of a .yaml file", file=file
        )
    try:
        with path.open("rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise ConfigError(f"file not found; {missing_fix}", file=file) from None
    except IsADirectoryError:
        raise ConfigError(
            "is a folder, not a file; give the path of one .yaml file inside it", file=file
        ) from None
    except PermissionError:
        raise ConfigError(
            "cannot be read (permission denied); check the file's permissions", file=file
        ) from None
    if len(raw) > MAX_BYTES:
        raise ConfigError(
            f"is larger than {MAX_BYTES // (1024 * 1024)} MiB; a config, persona or scenario "
            "file is a few KiB: check that this is the right file",
            file=file,
        )
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(
            f"not UTF-8 text ({exc.reason} at byte {exc.start}); save it as UTF-8", file=file
        ) from None


def parse_yaml(text: str, *, file: str | None = None) -> Any:
    """Parse YAML text with :class:`BoundedSafeLoader`; errors name the file and line."""
    loader = BoundedSafeLoader(text)
    try:
        return loader.get_single_data()
    except _Refused as exc:
        raise ConfigError(f"refused: {exc}", file=file) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise ConfigError(
            f"malformed YAML{where}: {problem}; check indentation and quote text containing ':'", file=file
        ) from None
    except RecursionError:  # PyYAML's scanner recurses on flow collections before compose_node sees them
        raise ConfigError(
            f"refused: it nests deeper than {MAX_DEPTH} levels; flatten it", file=file
        ) from None
    finally:
        loader.dispose()


def read_yaml(path: str | Path, *, missing_fix: str = "check the path") -> Any:
    """Read and parse a YAML file within the bounds above; errors are :class:`ConfigError` naming it."""
    path = Path(path)
    return parse_yaml(read_text(path, missing_fix=missing_fix), file=str(path))
