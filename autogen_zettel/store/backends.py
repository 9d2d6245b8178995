"""How a hub picks its vector-index backend (:func:`open_index`), all behind
:class:`~autogen_zettel.store.index.VectorStore`: qdrant-edge shards for a data folder,
qdrant-client local mode (``:memory:``, or folders made before the embedded engine changed),
or a Qdrant server (``url``)."""

from __future__ import annotations

import logging
from pathlib import Path

from autogen_zettel.base.config import DEFAULT_DENSE_COPY_MB, ENGINES
from autogen_zettel.base.errors import ConfigError
from autogen_zettel.store.index import VectorStore
from autogen_zettel.store.layout import DataFolder

__all__ = ["open_index", "folder_engine", "ENGINES"]

log = logging.getLogger(__name__)


def _has_qdrant_local(folder: DataFolder) -> bool:
    return (folder.qdrant / "collection").is_dir() and any((folder.qdrant / "collection").iterdir())


def folder_engine(root: str | Path, engine: str = "auto") -> str:
    """The embedded engine a data folder is opened with: ``engine`` unless it is ``auto``,
    which means ``edge``, except for a folder holding only qdrant-client local storage (made
    before the engine changed), which keeps ``qdrant-local`` until it is reindexed.

    >>> import tempfile
    >>> folder_engine(tempfile.mkdtemp())
    'edge'
    """
    if engine not in ENGINES:
        raise ConfigError(
            f"vectors.engine must be one of {', '.join(ENGINES)}, got {engine!r}", key="vectors.engine"
        )
    if engine != "auto":
        return engine
    folder = DataFolder(root)
    if _has_qdrant_local(folder) and not folder.edge.exists():
        log.warning(
            "data folder %s holds qdrant-client local storage: opening it with qdrant-client; move it to "
            "the embedded engine with `autogen-zettel reindex --all --engine edge`",
            folder.root,
        )
        return "qdrant-local"
    return "edge"


def open_index(
    *,
    data_dir: str | Path | None = None,
    memory: bool = False,
    url: str | None = None,
    api_key: str | None = None,
    engine: str = "auto",
    prefix: str = "zettel_",
    threads: int = 1,
    layout: str = "collection",
    shards: int = 1,
    replicas: int = 1,
    dense_copy_mb: int = DEFAULT_DENSE_COPY_MB,
    quantization: str = "int8",
    max_open_shards: int = 0,
) -> VectorStore:
    """The hub's vector index: a server when ``url`` is given, else qdrant-client ``:memory:``
    for ``memory``, else the embedded engine of ``data_dir`` (:func:`folder_engine`).

    :param layout: ``shared`` keeps every tenant in one collection keyed by tenant
        (:class:`~autogen_zettel.store.qdrant_shared.SharedCollectionIndex`; a server, or ``memory``
        for tests); ``collection`` gives each tenant its own
    :param shards: with ``url``, the shard count of collections created here
    :param replicas: with ``url``, the replication factor of collections created here
    :param dense_copy_mb: with the edge engine, MiB for in-memory dense copies across tenants
        (:class:`~autogen_zettel.store.qdrant_edge.EdgeIndex`'s ``copy_budget``)
    :param quantization: with the edge engine, ``int8`` or ``none`` for shards created from now on
    :param max_open_shards: with the edge engine, shards open at once (0: derived from ``ulimit -n``,
        :func:`~autogen_zettel.store.handles.default_open_shards`)
    """
    from autogen_zettel.store.qdrant_local import VectorIndex

    if layout == "shared":
        if not (url or memory):
            raise ConfigError(
                "vectors.layout 'shared' is for a Qdrant server (vectors.url); embedded data folders "
                "keep one shard per tenant",
                key="vectors.layout",
            )
        from qdrant_client import QdrantClient

        from autogen_zettel.store.qdrant_local import remote_client
        from autogen_zettel.store.qdrant_shared import SharedCollectionIndex

        client = remote_client(url, api_key) if url else QdrantClient(":memory:")
        return SharedCollectionIndex(
            client,
            shards=shards,
            replicas=replicas,
            prefix=prefix,
            description=url or ":memory:",
            threads=threads,
        )
    if url:
        return VectorIndex.open(
            url=url, api_key=api_key, prefix=prefix, threads=threads, shards=shards, replicas=replicas
        )
    if memory:
        if engine == "edge":
            raise ConfigError(
                "vectors.engine 'edge' needs a data folder; use memory=False with a folder, "
                "or leave vectors.engine at 'auto'",
                key="vectors.engine",
            )
        return VectorIndex.open(memory=True, prefix=prefix, threads=threads)
    folder = DataFolder(data_dir)
    chosen = folder_engine(folder.root, engine)
    if chosen == "qdrant-local":
        return VectorIndex.open(path=folder.qdrant, prefix=prefix, threads=threads)
    from autogen_zettel.store.handles import default_open_shards
    from autogen_zettel.store.qdrant_edge import EdgeIndex

    return EdgeIndex(
        folder.edge,
        prefix=prefix,
        threads=threads,
        copy_budget=dense_copy_mb * 2**20,
        quantization=quantization,
        max_open=max_open_shards or default_open_shards(),
    )
