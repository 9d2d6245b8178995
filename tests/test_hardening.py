"""Bad names, damaged files, closed hubs and races give clear errors (#13 item 8)."""

from __future__ import annotations

import threading

import pytest

from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock
from autogen_zettel.base.errors import InvalidInput, StoreCorrupt, ZettelError
from autogen_zettel.memory.hub import validate_tenant_name
from tests.conftest import T0


def _open(data):
    return MemoryHub.open(data, embedder=HashEmbedder(), clock=SimulatedClock(T0))


def _seed(data, texts=("I moved to Porto in May.", "Bob plays the cello on Sundays.")):
    with _open(data) as hub:
        mem = hub.tenant("ann")
        for i, t in enumerate(texts):
            mem.remember(t, speaker="ann", message_id=f"m{i}")


@pytest.mark.parametrize("name", ["alice\n", "alice\r\n", "\nalice", "ali ce", "alice/", "alice\x00"])
def test_tenant_names_with_a_trailing_newline_are_refused(name):
    with pytest.raises(InvalidInput):
        validate_tenant_name(name)


def test_case_collisions_are_refused_on_every_path(tmp_path):
    with _open(tmp_path / "data") as hub:
        hub.tenant("alice").remember("I like long walks by the sea.", speaker="alice")
        with pytest.raises(InvalidInput, match="collides"):
            hub.tenant("Alice")
        with pytest.raises(InvalidInput, match="collides"):
            hub.reindex("ALICE")
    with MemoryHub.open(memory=True, embedder=HashEmbedder()) as hub:
        hub.tenant("bob")
        with pytest.raises(InvalidInput, match="collides"):
            hub.tenant("BOB")


def test_a_lone_surrogate_never_stops_delivery(tmp_path, caplog):
    import autogen

    from autogen_zettel.agent.capability import ZettelMemoryCapability

    with MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=SimulatedClock(T0)) as hub:
        agent = autogen.ConversableAgent("dora", llm_config=False, human_input_mode="NEVER")
        ZettelMemoryCapability(hub, session_id="s1").add_to_agent(agent)
        sender = autogen.ConversableAgent("bob", llm_config=False, human_input_mode="NEVER")
        agent.receive({"content": "hello \ud800 there", "role": "user"}, sender, request_reply=False)
        agent.receive({"content": "fine", "role": "user", "name": "b\udfffob"}, sender, request_reply=False)
        hub.flush()
        assert [m["content"] for m in agent.chat_messages[sender]] == ["hello \ud800 there", "fine"]
        assert "\ud800" not in caplog.text


def test_a_garbage_tenant_file_names_the_file_and_the_fix(tmp_path):
    data = tmp_path / "data"
    _seed(data)
    path = data / "tenants" / "ann.sqlite"
    path.write_bytes(b"this is not a database at all" * 200)
    with _open(data) as hub:
        with pytest.raises(StoreCorrupt, match=r"(?s)ann\.sqlite.*restore"):
            hub.tenant("ann")


def test_a_truncated_tenant_file_names_the_file_and_the_fix(tmp_path):
    data = tmp_path / "data"
    _seed(data, [f"I visited city number {i} and loved its old harbour." for i in range(60)])
    path = data / "tenants" / "ann.sqlite"
    raw = path.read_bytes()
    path.write_bytes(raw[: len(raw) // 2])
    with _open(data) as hub:
        with pytest.raises(StoreCorrupt, match=r"(?s)ann\.sqlite.*restore"):
            hub.tenant("ann").cards()


def test_a_zero_byte_tenant_file_is_refused_not_emptied(tmp_path):
    data = tmp_path / "data"
    _seed(data)
    (data / "tenants" / "ann.sqlite").write_bytes(b"")
    with _open(data) as hub:
        with pytest.raises(StoreCorrupt, match=r"(?s)ann\.sqlite.*0 bytes.*restore"):
            hub.tenant("ann")
        assert hub.vectors.count("ann") == 2  # the index was not reconciled away


def test_a_damaged_audit_file_names_the_file(tmp_path):
    data = tmp_path / "data"
    _seed(data)
    (data / "audit" / "ann.sqlite").write_bytes(b"garbage" * 500)
    with _open(data) as hub:
        with pytest.raises(StoreCorrupt, match=r"audit.*ann\.sqlite"):
            hub.tenant("ann")


def test_a_damaged_qdrant_folder_names_the_folder_and_reindex(tmp_path):
    from autogen_zettel.base.config import config_from_dict

    data = tmp_path / "data"
    local = config_from_dict({"vectors": {"engine": "qdrant-local"}})  # the engine with a meta.json
    with MemoryHub.open(data, embedder=HashEmbedder(), clock=SimulatedClock(T0), config=local) as hub:
        hub.tenant("ann").remember("I moved to Porto in May.", speaker="ann", message_id="m0")
    (data / "qdrant" / "meta.json").write_text("{not json")
    with pytest.raises(StoreCorrupt, match=r"(?s)qdrant.*reindex"):
        _open(data)


def test_forget_checks_the_audit_log_before_deleting(tmp_path):
    data = tmp_path / "data"
    with _open(data) as hub:
        mem = hub.tenant("ann")
        mem.remember("Bob plays the cello on Sundays.", speaker="ann", message_id="m1")
        (data / "audit" / "ann.sqlite").write_bytes(b"garbage" * 2000)  # overwritten in place while open
        with pytest.raises(StoreCorrupt, match="audit"):
            mem.forget(subject="Bob")
        assert any("Bob" in c.content for c in mem.cards())


def test_using_a_tenant_after_hub_close_says_the_hub_is_closed(tmp_path):
    hub = _open(tmp_path / "data")
    mem = hub.tenant("ann")
    mem.remember("I moved to Porto in May.", speaker="ann")
    hub.close()
    for call in (
        lambda: mem.remember("x y z w", speaker="ann"),
        lambda: mem.recall("Porto"),
        mem.cards,
        lambda: mem.remember_later("a b c d", speaker="ann"),
        lambda: mem.forget(subject="Porto"),
    ):
        with pytest.raises(InvalidInput, match="closed"):
            call()


def test_drop_tenant_while_another_thread_writes_gives_a_clean_error(tmp_path):
    with _open(tmp_path / "data") as hub:
        mem = hub.tenant("ann")
        errors: list[BaseException] = []
        stop = threading.Event()

        def writer():
            i = 0
            while not stop.is_set():
                i += 1
                try:
                    mem.remember(f"Note number {i} about the garden shed.", speaker="ann", message_id=f"w{i}")
                except ZettelError:
                    return
                except BaseException as e:  # noqa: BLE001 - what the test is about
                    errors.append(e)
                    return

        t = threading.Thread(target=writer)
        t.start()
        import time

        time.sleep(0.3)
        hub.drop_tenant("ann")
        stop.set()
        t.join(10)
        assert not errors, errors


def test_simulate_with_an_unreachable_llm_fails_in_one_line(tmp_path, run):
    import socket

    from tests.test_simulate import small

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    llm = tmp_path / "llm.yaml"
    llm.write_text(f"config_list:\n  - model: m\n    base_url: http://127.0.0.1:{port}/v1\n")
    r = run("simulate", str(small(tmp_path)), "--out", str(tmp_path / "run"), "--llm", str(llm))
    assert r.exit_code != 0
    assert "Traceback" not in r.output and len(r.output.strip().splitlines()) <= 3, r.output
    assert f"127.0.0.1:{port}" in r.output and "without --llm" in r.output, r.output


def test_simulate_keeps_secrets_out_of_the_transcript(tmp_path):
    import yaml

    from autogen_zettel.research.simulate import run_scenario
    from tests.test_simulate import small

    path = small(tmp_path)
    data = yaml.safe_load(path.read_text())
    data["sessions"][0]["opening"].append(
        {"speaker": "pi", "text": "The lab wifi password is Tr0ub4dor&3 and the card is 4111 1111 1111 1111."}
    )
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    result = run_scenario(path, tmp_path / "run", embedder=HashEmbedder())
    raw = (result.out_dir / "transcript.jsonl").read_text()
    assert "[redacted password]" in raw
    assert "Tr0ub4dor&3" not in raw and "4111 1111" not in raw


def test_an_llm_connection_lost_mid_run_becomes_one_line():
    import httpx
    import openai

    from autogen_zettel.base.errors import LLMUnavailable
    from autogen_zettel.research.llm_check import as_unavailable

    cfg = {"config_list": [{"model": "m", "base_url": "http://10.9.9.9:1/v1"}]}
    exc = openai.APIConnectionError(request=httpx.Request("POST", "http://10.9.9.9:1/v1/chat/completions"))
    err = as_unavailable(exc, cfg)
    assert isinstance(err, LLMUnavailable) and "10.9.9.9:1" in str(err) and "\n" not in str(err)
    assert as_unavailable(ValueError("x"), cfg) is None
