"""Tenant names that would collide with the files the data folder keeps beside a tenant
(``<shard>.seal.json``, SQLite's side files, temporary files) are refused (#42); and a hub
that cannot seal a shard still closes and lets go of the folder."""

from __future__ import annotations

import pytest

from autogen_zettel import HashEmbedder, InvalidInput, MemoryHub, SimulatedClock
from autogen_zettel.memory.hub import validate_tenant_name
from tests.conftest import T0


def _open(data):
    return MemoryHub.open(data, embedder=HashEmbedder(), clock=SimulatedClock(T0))


@pytest.mark.parametrize(
    "name",
    [
        "ada.seal.json",
        "ADA.SEAL.JSON",
        "ada.seal.json.tmp",
        "ada.tmp",
        "ada.sqlite",
        "ada.sqlite-wal",
        "ada.lock",
    ],
)
def test_reserved_suffixes_are_refused_with_the_fix(name):
    with pytest.raises(InvalidInput, match=r"ends with .*reserved.*e\.g\."):
        validate_tenant_name(name)


@pytest.mark.parametrize(
    "name", ["ada", "ada.v2", "ada-wallace", "json", "seal", "ada_json", "travel-journal", "ada.json"]
)
def test_ordinary_names_stay_allowed(name):
    assert validate_tenant_name(name) == name


def test_ada_seal_json_cannot_make_ada_unopenable(tmp_path):
    with _open(tmp_path / "data") as hub:
        hub.tenant("ada").remember("I moved to Porto in May.", speaker="ada", message_id="m1")
        with pytest.raises(InvalidInput, match="reserved"):
            hub.tenant("ada.seal.json")
    with _open(tmp_path / "data") as hub:
        assert len(hub.tenant("ada").cards()) == 1


def test_close_lets_go_of_the_folder_when_a_seal_cannot_be_written(tmp_path, caplog):
    data = tmp_path / "data"
    hub = _open(data)
    hub.tenant("ada").remember("I moved to Porto in May.", speaker="ada", message_id="m1")
    shard = next(p for p in (data / "edge").iterdir() if p.is_dir())
    (shard.parent / (shard.name + ".seal.json")).mkdir()  # what a tenant "ada.seal.json" made
    hub.close()  # does not raise
    assert "seal" in caplog.text
    (shard.parent / (shard.name + ".seal.json")).rmdir()
    with _open(data) as again:  # the folder lock was released
        assert len(again.tenant("ada").cards()) == 1
