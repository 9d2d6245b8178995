"""The MCP server end to end, with the official SDK's own client: over stdio (the CLI command
spawned as a subprocess) and over streamable HTTP on 127.0.0.1 (a free port, a server process
started and stopped here), then in-process for the error paths and resources. The audit entry
of a forget is read back from the data folder once the server has stopped."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("mcp")

from mcp import Client, StdioServerParameters  # noqa: E402

from autogen_zettel import HashEmbedder, MemoryHub  # noqa: E402
from autogen_zettel.agent.mcp_server import build_server  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def folder(tmp_path):
    cfg = tmp_path / "cfg.yaml"
    cfg.write_text("embedding:\n  model: hash-128\n")
    return tmp_path / "data", cfg


def _env() -> dict[str, str]:
    return {**os.environ, "HF_HUB_OFFLINE": "1", "PYTHONPATH": str(ROOT)}


async def _session(client: Client) -> dict:
    """remember, recall, facts, forget through one client session; returns what it saw."""
    seen: dict = {}
    names = {t.name for t in (await client.list_tools()).tools}
    seen["tools"] = names
    r = await client.call_tool(
        "remember", {"agent": "ada", "text": "I moved to Lisbon in May.", "speaker": "alice"}
    )
    assert not r.is_error, r.content
    seen["cards"] = r.structured_content["cards"]
    r = await client.call_tool("remember", {"agent": "ada", "text": "My name is Alice.", "speaker": "alice"})
    assert not r.is_error, r.content
    r = await client.call_tool("recall", {"agent": "ada", "query": "where does alice live?"})
    assert not r.is_error, r.content
    seen["recall"] = r.structured_content
    r = await client.call_tool("facts", {"agent": "ada"})
    assert not r.is_error, r.content
    seen["facts"] = r.structured_content["facts"]
    card_id = seen["cards"][0]["id"]
    r = await client.call_tool("forget", {"agent": "ada", "card_id": card_id})
    assert not r.is_error, r.content
    seen["forget"] = r.structured_content
    r = await client.call_tool("recall", {"agent": "ada", "query": "where does alice live?"})
    seen["after"] = r.structured_content
    return seen


def _check(seen: dict, data: Path, cfg: Path) -> None:
    assert {"remember", "recall", "facts", "preferences", "commitments", "forget", "explain"} <= seen["tools"]
    assert any("Lisbon" in c["content"] for c in seen["cards"])
    assert any("Lisbon" in h["content"] for h in seen["recall"]["hits"])
    assert "<zettel-recall" in seen["recall"]["block"] and "Lisbon" in seen["recall"]["block"]
    assert all(h["score"] > 0 for h in seen["recall"]["hits"])
    assert seen["facts"], "the person layer holds alice's facts"
    forgotten = seen["cards"][0]["id"]
    assert forgotten in seen["forget"]["card_ids"]
    assert forgotten not in {h["id"] for h in seen["after"]["hits"]}
    # the forget is in ada's audit log, readable once the server has let go of the folder
    hub = MemoryHub.open(data, config=cfg)
    try:
        entries = [e for e in hub.tenant("ada").audit.entries() if e.action == "forget"]
        assert [e.seq for e in entries] == [seen["forget"]["audit_seq"]]
        assert hub.tenant("ada").audit.verify().ok
    finally:
        hub.close()


def test_stdio_session_with_the_sdk_client(folder):
    data, cfg = folder
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "autogen_zettel", "--config", str(cfg), "mcp", "--data-dir", str(data)],
        env=_env(),
        cwd=str(ROOT),
    )

    async def main() -> dict:
        async with Client(params) as client:
            return await _session(client)

    seen = asyncio.run(main())
    time.sleep(0.5)  # the server process exits when the pipe closes
    _check(seen, data, cfg)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_http_session_on_loopback(folder):
    data, cfg = folder
    port = _free_port()
    cmd = [sys.executable, "-m", "autogen_zettel", "--config", str(cfg), "mcp", "--data-dir", str(data)]
    proc = subprocess.Popen(
        [*cmd, "--transport", "http", "--port", str(port)],
        env=_env(),
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 120
        while True:  # wait for the port to answer
            assert proc.poll() is None, proc.stderr.read().decode()[-3000:]
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.2)
        # bound to loopback only: no listener on the machine's other addresses
        listening = _listeners(port)
        assert listening and all(a.startswith("127.0.0.1") for a in listening), listening

        async def main() -> dict:
            async with Client(f"http://127.0.0.1:{port}/mcp") as client:
                return await _session(client)

        seen = asyncio.run(main())
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    _check(seen, data, cfg)


def _listeners(port: int) -> list[str]:
    """The local addresses listening on ``port`` (from /proc/net/tcp{,6})."""
    found = []
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(name).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            local, state = line.split()[1], line.split()[3]
            addr, p = local.rsplit(":", 1)
            if int(p, 16) == port and state == "0A":  # LISTEN
                if len(addr) == 8:
                    found.append(socket.inet_ntoa(bytes.fromhex(addr)[::-1]))
                else:
                    found.append("ipv6:" + addr)
    return found


# -- in process: the errors and the resources ---------------------------------------------------
@pytest.fixture
def mem_hub(clock):
    h = MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=clock)
    yield h
    h.close()


def _call(server, name: str, args: dict):
    async def main():
        async with Client(server) as client:
            return await client.call_tool(name, args)

    return asyncio.run(main())


@pytest.mark.parametrize(
    ("name", "args", "says"),
    [
        ("remember", {"agent": "../etc", "text": "hi"}, "tenant name '../etc' is not allowed"),
        ("remember", {"agent": "ada", "text": "   "}, "text is empty"),
        ("recall", {"agent": "nobody", "query": "x"}, "agent 'nobody' has no memory here"),
        ("recall", {"agent": "ada", "query": ""}, "query is empty"),
        ("explain", {"agent": "ada", "card_id": "deadbeef"}, "no card"),
        ("forget", {"agent": "ada", "card_id": "deadbeef"}, "deadbeef"),
        ("forget", {"agent": "ada"}, "exactly one of card_id"),
        ("commitments", {"agent": "ada", "status": "late"}, "status must be"),
    ],
)
def test_bad_input_is_a_clear_tool_error(mem_hub, name, args, says):
    mem_hub.tenant("ada").remember("I moved to Lisbon in May.", speaker="alice")
    result = _call(build_server(mem_hub), name, args)
    assert result.is_error
    assert says in result.content[0].text


def test_secrets_are_redacted_and_explain_cites_the_source(mem_hub):
    server = build_server(mem_hub)
    r = _call(server, "remember", {"agent": "ada", "text": "My card is 4111 1111 1111 1111, I live in Oslo."})
    assert not r.is_error
    assert all("4111" not in c["content"] for c in r.structured_content["cards"])
    card_id = r.structured_content["cards"][0]["id"]
    r = _call(server, "explain", {"agent": "ada", "card_id": card_id})
    assert not r.is_error
    assert r.structured_content["card"]["id"] == card_id
    assert "4111" not in json.dumps(r.structured_content)


def test_profile_and_persona_resources(mem_hub):
    mem_hub.tenant("ada").remember("My name is Alice and I love green tea.", speaker="alice")
    server = build_server(mem_hub)

    async def main():
        async with Client(server) as client:
            templates = {t.uri_template for t in (await client.list_resource_templates()).resource_templates}
            profile = await client.read_resource("zettel://ada/profile")
            persona = await client.read_resource("zettel://ada/persona")
            return templates, profile, persona

    templates, profile, persona = asyncio.run(main())
    assert {"zettel://{agent}/profile", "zettel://{agent}/persona"} <= templates
    body = json.loads(profile.contents[0].text)
    assert body["agent"] == "ada" and {"facts", "preferences", "commitments"} <= set(body)
    assert json.loads(persona.contents[0].text)["agent"] == "ada"


def test_the_agents_reply_teaches_the_links_its_last_recall_followed(clock):
    """As the AutoGen agents do: the reply, remembered with the agent's name as speaker, judges
    the links the agent's last recall followed (what it repeats counts as used). A message by
    someone else teaches nothing, and one recall teaches once."""
    from .test_link_learning import DAY, QUESTION, TALK

    with MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=clock) as hub:
        mem = hub.tenant("ada")
        for i, (text, speaker) in enumerate(TALK):
            mem.remember(
                text,
                speaker=speaker,
                session_id="s1",
                message_id=f"m{i}",
                reply_to=f"m{i - 1}" if i else None,
            )
        mem.flush()
        clock.set(DAY)
        server = build_server(hub)
        r = _call(server, "recall", {"agent": "ada", "query": QUESTION, "k": 5})
        reached = [h for h in r.structured_content["hits"] if h["layer"] == "associative"]
        assert reached, "the talk is made so that recall unlocks a card along a link"
        reply = f"Ann said: {reached[0]['content']}"
        other = _call(server, "remember", {"agent": "ada", "text": reply, "speaker": "Bob"})
        assert other.structured_content["links_learned"] == 0
        mine = _call(server, "remember", {"agent": "ada", "text": reply, "speaker": "ada"})
        assert mine.structured_content["links_learned"] >= 1
        again = _call(server, "remember", {"agent": "ada", "text": reply, "speaker": "ada"})
        assert again.structured_content["links_learned"] == 0
        link = [x for x in mem.links(reached[0]["id"]) if x.learned is not None]
        assert link and link[0].learned > 1
