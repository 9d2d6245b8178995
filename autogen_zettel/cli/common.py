"""What every command shares: the console, the hub a command opens, the tenant checks and the
error mapping (library errors become one-line CLI errors that state the fix)."""

from __future__ import annotations

import contextlib
import logging
import os
import unicodedata
from collections.abc import Iterator
from typing import TYPE_CHECKING

import click
from rich.console import Console

from autogen_zettel.base.errors import NotFound, ZettelError

if TYPE_CHECKING:  # the memory (Qdrant, SQLite, numpy) loads when a command opens it: --help stays fast
    from autogen_zettel.base.config import MemoryConfig
    from autogen_zettel.memory import MemoryHub, Zettelkasten

__all__ = [
    "console",
    "Context",
    "ZettelGroup",
    "known_tenant",
    "open_tenant",
    "DEFAULT_DATA",
    "plural",
    "printable",
    "safe_json",
    "writable_file",
    "writable_folder",
]


class SafeConsole(Console):
    """A rich console that writes no control character it was not asked to: the text of every
    segment (card text, ids, names, table cells, whatever a command prints) goes through
    :func:`printable` before the console adds its own styling codes, so a terminal escape or bidi
    override stored in a memory is shown as an escape, never obeyed (#42)."""

    def _render_buffer(self, buffer):
        from rich.segment import Segment

        return super()._render_buffer(
            Segment(printable(text, keep_newlines=True), style, control)
            if not control and text
            else Segment(text, style, control)
            for text, style, control in buffer
        )


console = SafeConsole()
err_console = SafeConsole(stderr=True)
DEFAULT_DATA = os.environ.get("AUTOGEN_ZETTEL_DATA", "./memory")


# loggers whose records may carry a ``notice`` for the user (see install_notices)
NOTICE_LOGGERS = ("autogen_zettel.embed.onnx_export",)


class _Notices(logging.Filter):
    """Prints a record's ``notice`` (e.g. the one-time model export, a silent ten-second pause
    otherwise) to stderr, with or without ``-v``; lets the record itself on only with ``-v``."""

    def __init__(self, verbose: bool) -> None:
        super().__init__()
        self.verbose = verbose

    def filter(self, record: logging.LogRecord) -> bool:
        notice = getattr(record, "notice", None)
        if notice:
            err_console.print(f"{notice}...", markup=False, highlight=False, style="dim")
        return self.verbose or record.levelno >= logging.WARNING


def install_notices(verbose: bool) -> None:
    """Show the notices of :data:`NOTICE_LOGGERS` (their INFO records stay hidden without ``-v``)."""
    for name in NOTICE_LOGGERS:
        logger = logging.getLogger(name)
        for old in [f for f in logger.filters if isinstance(f, _Notices)]:
            logger.removeFilter(old)
        logger.addFilter(_Notices(verbose))
        if logger.level == logging.NOTSET or logger.level > logging.INFO:
            logger.setLevel(logging.INFO)


class Context:
    def __init__(self, data_dir: str, config: str | None, qdrant_url: str | None, model: str | None = None):
        self.data_dir = data_dir
        self.config_path = config
        self.qdrant_url = qdrant_url
        self.model = model

    def config(self) -> MemoryConfig:
        from autogen_zettel.base.config import MemoryConfig, load_config

        cfg = load_config(self.config_path) if self.config_path else MemoryConfig()
        return cfg

    def hub(
        self,
        *,
        model: str | None = None,
        memory: bool = False,
        create: bool = False,
        engine: str | None = None,
    ) -> MemoryHub:
        """Open the hub of ``--data-dir``. Reading creates nothing: unless ``create`` (commands
        that write new tenants), a data folder that holds no tenants is an error that says so."""
        from autogen_zettel.memory import MemoryHub
        from autogen_zettel.store.layout import DataFolder

        if not memory and not create and self.qdrant_url is None:
            folder = DataFolder(self.data_dir)
            if not folder.tenants.is_dir():
                raise NotFound(
                    f"no memory in {str(folder.root)!r} (no tenants/ folder there); check --data-dir "
                    "or AUTOGEN_ZETTEL_DATA (`autogen-zettel ingest TENANT FILE` creates one)"
                )
        cfg = self.config()
        if model:
            cfg = cfg.model_copy(update={"embedding": cfg.embedding.model_copy(update={"model": model})})
        if engine:
            cfg = cfg.model_copy(update={"vectors": cfg.vectors.model_copy(update={"engine": engine})})
        if memory:
            return MemoryHub.open(memory=True, config=cfg, qdrant_url=self.qdrant_url)
        return MemoryHub.open(self.data_dir, config=cfg, qdrant_url=self.qdrant_url)

    @contextlib.contextmanager
    def reading_hub(self, tenant: str | None) -> Iterator[MemoryHub]:
        """The hub for a command that only reads ``tenant`` (``cards``, ``stats``, ``recall``):
        while a running agent holds the folder (:class:`StoreLocked`), a hub on a private copy
        of the tenant's files made now (:func:`~autogen_zettel.store.snapshot.snapshot_tenant`),
        as ``traits`` reads the SQLite file; the original is never touched."""
        import tempfile

        from autogen_zettel.base.errors import StoreLocked

        try:
            hub = self.hub()
        except StoreLocked:
            if tenant is None or self.qdrant_url is not None:
                raise
            from autogen_zettel.memory import MemoryHub, validate_tenant_name
            from autogen_zettel.store.snapshot import snapshot_tenant

            name = validate_tenant_name(tenant)
            err_console.print(
                f"{self.data_dir} is open in another process (a running agent); reading a copy of "
                f"{name}'s memory made now",
                markup=False,
                highlight=False,
                style="dim",
            )
            with tempfile.TemporaryDirectory(prefix="autogen-zettel-read-") as tmp:
                cfg = self.config()
                snapshot_tenant(self.data_dir, name, tmp, prefix=cfg.vectors.prefix)
                with MemoryHub.open(tmp, config=cfg) as copy:
                    yield copy
            return
        with hub:
            yield hub


def known_tenant(hub: MemoryHub, name: str, *, audited: bool = False) -> str:
    """``name`` if the hub holds that tenant (or, with ``audited``, its audit log, kept after a
    drop), else :class:`NotFound` listing the tenants there are. Commands that read or change
    a tenant check first: ``hub.tenant(name)`` would create a misspelt one."""
    from autogen_zettel.memory import validate_tenant_name
    from autogen_zettel.store.layout import DataFolder

    name = validate_tenant_name(name)
    known = hub.tenants()
    if name in known:
        return name
    if audited and hub.data_dir is not None and DataFolder(hub.data_dir).audit_db(name).exists():
        return name
    raise NotFound(
        f"tenant {name!r} does not exist in {hub.data_dir}; known tenants: {', '.join(known) or 'none'} "
        "(check the name or --data-dir; `autogen-zettel ingest TENANT FILE` creates a tenant)"
    )


def open_tenant(hub: MemoryHub, name: str) -> Zettelkasten:
    """The existing tenant ``name`` (see :func:`known_tenant`); never creates one."""
    return hub.tenant(known_tenant(hub, name))


def _fail(exc: Exception) -> click.ClickException:
    return click.ClickException(str(exc))


class ZettelGroup(click.Group):
    """Turns library errors into clean CLI errors (no tracebacks for expected failures)."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except ZettelError as exc:
            raise _fail(exc) from None


def plural(n: int, noun: str, many: str | None = None) -> str:
    """``1 card``, ``2 cards``, ``0 cards``."""
    return f"{n} {noun if n == 1 else (many or noun + 's')}"


def printable(text: object, *, keep_newlines: bool = False) -> str:
    r"""``text`` safe for a terminal: control and format characters (escape sequences, bidi
    overrides, zero-width marks) written as Python escapes, every letter of every script kept.

    >>> printable("bob\x1b[2J\u202e")
    'bob\\x1b[2J\\u202e'
    >>> printable("José\nLima", keep_newlines=True)
    'José\nLima'
    """
    out = []
    for c in str(text):
        if (c == "\n" and keep_newlines) or unicodedata.category(c) not in ("Cc", "Cf", "Cs", "Zl", "Zp"):
            out.append(c)
        else:
            out.append(ascii(c)[1:-1])
    return "".join(out)


def safe_json(data: object) -> str:
    r"""``data`` as indented JSON a terminal shows as it is: JSON escapes the C0 controls
    already; the C1 controls (``\x9b`` is CSI on some terminals), bidi overrides and line
    separators are written as ``\uXXXX`` escapes too (still the same JSON).

    >>> safe_json({"id": "m\x9b2J\u202e"})
    '{\n  "id": "m\\u009b2J\\u202e"\n}'
    """
    import json

    text = json.dumps(data, indent=2, ensure_ascii=False, default=str)
    return "".join(
        f"\\u{ord(c):04x}" if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") and c != "\n" else c
        for c in text
    )


def _probe(folder, target, what: str) -> None:
    """Create and remove a file in ``folder``: the one check that holds for root, read-only
    mounts and pseudo file systems such as /proc (``os.access`` says yes to root everywhere)."""
    import tempfile

    from autogen_zettel.base.errors import InvalidInput

    try:
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".autogen-zettel-probe-")
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise InvalidInput(
            f"cannot write {what} {str(target)!r}: {exc.strerror or exc} in {str(folder)!r}; "
            "give a path in a folder you can write to"
        ) from None


def writable_file(path, *, what: str):
    """Check, before any work, that the file ``path`` can be written (its folder exists and
    takes files); else a one-line :class:`~autogen_zettel.base.errors.InvalidInput` naming the
    path and the fix."""
    from pathlib import Path

    from autogen_zettel.base.errors import InvalidInput

    path = Path(path)
    folder = path.parent
    if path.is_dir():
        raise InvalidInput(f"{what} {str(path)!r} is a folder; give a file name inside it")
    if not folder.is_dir():
        raise InvalidInput(
            f"cannot write {what} {str(path)!r}: the folder {str(folder)!r} does not exist; "
            "create it or give another path"
        )
    _probe(folder, path, what)
    return path


def writable_folder(path, *, what: str):
    """Check that the folder ``path`` exists and takes files, or can be created (its nearest
    existing parent takes files); else a one-line :class:`InvalidInput`."""
    from pathlib import Path

    from autogen_zettel.base.errors import InvalidInput

    path = Path(path)
    if path.exists() and not path.is_dir():
        raise InvalidInput(f"{what} {str(path)!r} is a file; give a folder")
    existing = path
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        raise InvalidInput(f"cannot create {what} {str(path)!r}: {str(existing)!r} is not a folder")
    _probe(existing, path, what)
    return path
