"""A data folder someone else could write is refused before the Qdrant client opens it (#13
item 5): qdrant-client's local mode unpickles points from storage.sqlite."""

from __future__ import annotations

import os
import sqlite3

import pytest

from autogen_zettel import HashEmbedder, MemoryHub
from autogen_zettel.base.errors import StoreCorrupt


def _make(data):
    # the risk is qdrant-client local mode's (the embedded default, qdrant-edge, does not
    # unpickle); reopening with engine "auto" picks it again for a folder that holds its storage
    from autogen_zettel.base.config import config_from_dict

    cfg = config_from_dict({"vectors": {"engine": "qdrant-local"}})
    with MemoryHub.open(data, embedder=HashEmbedder(), config=cfg) as hub:
        hub.tenant("ann").remember("I moved to Porto in May.", speaker="ann")


def _storage(data):
    found = list((data / "qdrant").rglob("storage.sqlite"))
    assert found
    return found[0]


def test_a_crafted_pickle_in_a_world_writable_folder_never_runs(tmp_path):
    data = tmp_path / "data"
    _make(data)
    storage = _storage(data)
    marker = tmp_path / "pwned"

    class Evil:
        def __reduce__(self):
            return (open, (str(marker), "w"))

    import pickle

    con = sqlite3.connect(storage)
    con.execute("update points set point = ?", (pickle.dumps(Evil()),))
    con.commit()
    con.close()
    os.chmod(storage, 0o666)  # e.g. a shared folder anyone can write
    with pytest.raises(
        StoreCorrupt, match=r"(?s)storage\.sqlite.*writable by group or others.*chmod -R go-w"
    ):
        MemoryHub.open(data, embedder=HashEmbedder())
    assert not marker.exists()


def test_a_group_writable_data_folder_is_refused(tmp_path):
    data = tmp_path / "data"
    _make(data)
    os.chmod(data / "tenants", 0o775)
    with pytest.raises(StoreCorrupt, match="tenants"):
        MemoryHub.open(data, embedder=HashEmbedder())
    os.chmod(data / "tenants", 0o755)
    MemoryHub.open(data, embedder=HashEmbedder()).close()


@pytest.mark.skipif(os.getuid() != 0, reason="needs root to give a file to another user")
def test_a_file_owned_by_another_user_is_refused(tmp_path):
    data = tmp_path / "data"
    _make(data)
    os.chown(_storage(data), 12345, 12345)
    with pytest.raises(StoreCorrupt, match="belongs to user id 12345"):
        MemoryHub.open(data, embedder=HashEmbedder())
