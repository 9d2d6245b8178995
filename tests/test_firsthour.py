"""What a new user meets in the first hour: --help and --version, one-line errors, readable
tables and honest counts (issue #21)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from autogen_zettel import __version__


def test_help_loads_no_store_and_version_prints():
    # --help needs click and the command tree only; the store, Qdrant and numpy load on a command
    code = (
        "import sys, autogen_zettel.cli.main; print(sorted(m for m in ('qdrant_client', 'qdrant_edge', "
        "'numpy', 'sqlite_utils', 'networkx', 'torch', 'autogen') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
    from click.testing import CliRunner

    from autogen_zettel.cli.main import main

    r = CliRunner().invoke(main, ["--version"])
    assert r.exit_code == 0 and r.output.strip() == f"autogen-zettel {__version__}"


def _chat(tmp_path, rows) -> str:
    path = tmp_path / "chat.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")
    return str(path)


CORIANDER = [
    {
        "text": "I don't eat coriander, it tastes like soap to me.",
        "speaker": "Ann",
        "id": "m1",
        "session_id": "s1",
        "at": "2024-01-02T10:00:00",
    },
    {
        "text": "Please order the pho with extra coriander.",
        "speaker": "Ann",
        "id": "m2",
        "session_id": "s2",
        "at": "2024-01-03T10:00:00",
    },
    {
        "text": "My brother Tom flies cargo planes for a living out of Lisbon airport every week.",
        "speaker": "Ann",
        "id": "m3",
        "session_id": "s2",
        "at": "2024-01-03T10:05:00",
    },
]

GARDEN = [
    {"text": t, "speaker": "Ann", "id": f"g{i}", "session_id": "s1", "at": f"2024-01-02T10:0{i}:00"}
    for i, t in enumerate(
        [
            "I planted tomatoes along the south fence of the garden.",
            "The garden basil keeps getting eaten by snails.",
            "I repainted the garden greenhouse door bright green.",
            "My neighbour gave me fig cuttings for the garden.",
            "The garden pond has three new goldfish since Monday.",
        ]
    )
]


@pytest.fixture
def ann(run, tmp_path):
    assert run("ingest", "ann", _chat(tmp_path, CORIANDER)).exit_code == 0
    cards = json.loads(run("cards", "ann", "--json").output)
    return {c["content"]: c for c in cards}


def test_explain_names_the_other_card_of_a_conflict(run, ann):
    said = ann["I don't eat coriander, it tastes like soap to me."]["id"]
    order = ann["Please order the pho with extra coriander."]["id"]
    for mine, other in ((order, said), (said, order)):
        out = run("explain", "ann", mine[:8]).output
        [line] = [x for x in out.splitlines() if x.startswith("  conflict (")]
        assert f"with {other[:8]}" in line and mine[:8] not in line
    data = json.loads(run("conflicts", "ann", "--json").output)
    assert [(c["active_id"], c["other_id"], c["topic"]) for c in data] == [(said, order, "coriander")]
    assert data[0]["active_content"].startswith("I don't eat") and data[0]["question"]


def test_show_reads_as_written_and_has_json(run, ann):
    order = ann["Please order the pho with extra coriander."]
    out = " ".join(run("show", "ann", order["id"][:8]).output.split())
    assert "coriander" in out.split("tags:")[1] and "coriand," not in out and "pleas," not in out
    assert "entities: -" in out  # "Please" opens a request; it names nobody
    data = json.loads(run("show", "ann", order["id"][:8], "--json").output)
    assert data["card"]["id"] == order["id"] and "please" in data["card"]["tags"]
    assert data["sources"][0]["id"] == "m2" and data["links"]


def test_stats_is_a_table_with_json_and_an_integer_dim(run, ann):
    out = run("stats", "ann").output
    assert "cards" in out and "{" not in out and "embedding dim" in out
    data = json.loads(run("stats", "ann", "--json").output)
    assert data["embedding_dim"] == 128 and data["cards"] == 3


def test_reindex_counts_what_it_indexes(run, tmp_path):
    assert run("ingest", "ann", _chat(tmp_path, GARDEN)).exit_code == 0  # its session ends: summarised
    assert "0 new" in run("maintain", "ann", "--step", "summaries", "--at", "2024-01-05T00:00").output
    stats = json.loads(run("stats", "ann", "--json").output)
    assert stats["by_kind"]["summary"] == 1 and stats["cards"] == 6
    out = run("reindex", "ann").output
    assert f"reindexed {stats['indexed']} cards of ann" in out and stats["indexed"] == 5


def test_maintain_prints_a_table_and_forget_counts_in_words(run, ann):
    out = run("maintain", "ann", "--at", "2025-06-01T00:00").output
    assert "{" not in out and "'curve'" not in out and " by curve" in out and "archived" in out
    out = run("forget", "ann", "--subject", "Tom", "--yes").output
    assert "forgot 1 card," in out and "1 cards" not in out
    assert "forgot 0 cards," in run("forget", "ann", "--subject", "Nobody", "--yes").output


def test_audit_show_prints_whole_json(run, ann):
    run("forget", "ann", "--subject", "Tom", "--yes")
    out = run("audit", "show", "ann").output
    # each detail is printed whole: the JSON object ends with its closing brace
    joined = " ".join(out.split())
    assert '"subject_hmac"' in joined and joined.rstrip().endswith("}")


def test_cards_and_recall_tables_give_content_the_width(run, ann):
    from autogen_zettel.cli.common import console

    width = console.width
    console.width = 80
    try:
        out = run("cards", "ann").output
        rec = run("recall", "ann", "coriander soap").output
    finally:
        console.width = width
    assert "tastes like soap to me." in out  # whole words on one line, nothing cut with "…"
    assert "…" not in out and max(len(x) for x in out.splitlines()) <= 80
    said = ann["I don't eat coriander, it tastes like soap to me."]["id"]
    assert said[:8] in rec  # an id column: a hit leads to explain / forget


def test_export_hints_and_output_paths_fail_before_work(run, ann, tmp_path):
    r = run("export", "ann", "--format", "graphml")
    assert r.exit_code != 0 and "-o ann.graphml" in r.output
    r = run("export", "ann", "-o", "/nonexistent/x.json")
    assert r.exit_code == 1 and "/nonexistent" in r.output and "Traceback" not in r.output
    r = run("traits", "ann", "--plot", "/nonexistent/x.png")
    assert r.exit_code == 1 and "plot file" in r.output and "traits of" not in r.output
    r = run("export", "ann", "-o", str(tmp_path))
    assert r.exit_code == 1 and "is a folder" in r.output


def test_vault_export_writes_one_note_per_card_with_links(run, ann, tmp_path):
    import yaml

    vault = tmp_path / "vault"
    r = run("export", "ann", "--format", "vault", "-o", str(vault))
    assert r.exit_code == 0 and "wrote 3 notes" in r.output, r.output
    notes = {p.stem: p.read_text(encoding="utf-8") for p in vault.glob("*.md") if p.name != "index.md"}
    assert len(notes) == 3
    meta = {}
    for name, text in notes.items():
        front = yaml.safe_load(text.split("---\n")[1])
        meta[front["id"]] = (name, text)
        assert front["tenant"] == "ann" and front["kind"] in ("fact", "preference", "relation")
    said = ann["I don't eat coriander, it tastes like soap to me."]["id"]
    order = ann["Please order the pho with extra coriander."]["id"]
    _, said_text = meta[said]
    assert f"[[{meta[order][0]}]]" in said_text and "## Conflicts" in said_text and "## Sources" in said_text
    assert all(f"[[{n}]]" in (vault / "index.md").read_text(encoding="utf-8") for n in notes)
    # links point only at notes that exist
    import re

    assert set(re.findall(r"\[\[([^\]]+)\]\]", "".join(notes.values()))) <= set(notes)
    assert "--overwrite" in run("export", "ann", "--format", "vault", "-o", str(vault)).output
    assert run("export", "ann", "--format", "vault", "-o", str(vault), "--overwrite").exit_code == 0
    other = tmp_path / "mine"
    other.mkdir()
    (other / "keep.md").write_text("mine")
    r = run("export", "ann", "--format", "vault", "-o", str(other), "--overwrite")
    assert r.exit_code == 1 and "not empty" in r.output and (other / "keep.md").exists()


def test_a_dead_qdrant_server_is_one_line(tmp_path):
    import socket

    from click.testing import CliRunner

    from autogen_zettel import MemoryHub, StoreUnavailable
    from autogen_zettel.cli.main import main

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    with pytest.raises(StoreUnavailable, match=f"cannot reach Qdrant at {url}.*drop --qdrant-url"):
        MemoryHub.open(tmp_path / "data", qdrant_url=url)
    cfg = tmp_path / "cfg.yaml"
    cfg.write_text("embedding:\n  model: hash-128\n")
    chat = _chat(tmp_path, CORIANDER)
    for args in (("ingest", "ann", chat), ("stats", "ann"), ("recall", "ann", "soap")):
        r = CliRunner().invoke(
            main, ["--data-dir", str(tmp_path / "data"), "--config", str(cfg), "--qdrant-url", url, *args]
        )
        assert r.exit_code == 1, (args, r.output)
        assert r.output.count("\n") <= 3 and "cannot reach Qdrant" in r.output and "Traceback" not in r.output


def test_facts_behind_the_readme():
    from pathlib import Path

    import autogen_zettel
    from autogen_zettel import ZettelAgentChatMemory  # noqa: F401  (the agentchat extra is installed in CI)
    from autogen_zettel.cli.main import main

    root = Path(__file__).resolve().parents[1]
    assert "qdrant-edge" in (root / "configs" / "default.yaml").read_text().split("\n", 2)[0]
    assert "ZettelAgentChatMemory" in autogen_zettel.__all__
    # the scenario's agents are ada and ben; the traits example names them and writes no repo file
    assert "traits ada ben" in main.commands["traits"].help and "docs/" not in main.commands["traits"].help
    from click.testing import CliRunner

    out = CliRunner().invoke(main, ["reindex", "--help"]).output
    examples = [line.strip() for line in out.splitlines() if "Example:" in line]
    assert len(examples) == 2 and all(line.startswith("Example: autogen-zettel reindex") for line in examples)


def test_verbose_ingest_reports_each_chunk(tmp_path):
    import os

    cfg = tmp_path / "cfg.yaml"
    cfg.write_text("embedding:\n  model: hash-128\n")
    chat = _chat(tmp_path, CORIANDER)
    env = {**os.environ, "PYTHONPATH": str(__import__("pathlib").Path(__file__).resolve().parents[1])}
    cmd = [
        sys.executable,
        "-m",
        "autogen_zettel.cli.main",
        "--data-dir",
        str(tmp_path / "data"),
        "--config",
        str(cfg),
    ]
    quiet = subprocess.run(
        [*cmd, "ingest", "ann", chat], capture_output=True, text=True, env=env, check=False
    )
    loud = subprocess.run(
        [*cmd, "-v", "ingest", "bob", chat], capture_output=True, text=True, env=env, check=False
    )
    assert quiet.returncode == loud.returncode == 0, quiet.stderr + loud.stderr
    assert "INFO" not in quiet.stderr
    assert "ingest bob: messages 1-3 -> 3 new cards" in loud.stderr
    assert "the tenant now holds 3 cards" in loud.stderr and "links" in loud.stderr


def test_the_one_time_model_export_says_so(tmp_path, capsys):
    from autogen_zettel.cli.common import install_notices
    from autogen_zettel.embed import onnx_export

    install_notices(verbose=False)
    with pytest.raises(onnx_export.ExportError):  # the child fails at once: no such model file
        onnx_export._cached(tmp_path / "m.onnx", ["quantize", str(tmp_path / "missing.onnx")], "quantizing x")
    err = capsys.readouterr().err
    assert "preparing the embedding model (one time, ~10 s)" in err and "INFO" not in err


def test_cards_stats_and_recall_read_while_an_agent_holds_the_folder(run, ann, tmp_path):
    from autogen_zettel import HashEmbedder, MemoryHub, StoreLocked

    data = tmp_path / "data"
    before = run("cards", "ann", "--json").stdout
    with MemoryHub.open(data, embedder=HashEmbedder(dim=128)) as held:  # the running agent
        assert held.tenants() == ["ann"]
        with pytest.raises(StoreLocked):
            MemoryHub.open(data, embedder=HashEmbedder(dim=128))
        r = run("cards", "ann")
        assert (
            r.exit_code == 0
            and "tastes like soap" in r.stdout
            and "reading a copy" in " ".join(r.stderr.split())
        )
        st = json.loads(run("stats", "ann", "--json").stdout)  # the note on the copy goes to stderr
        assert st["cards"] == 3 and st["indexed"] == 3
        assert run("stats").output.split()[-1] == "ann"
        hits = json.loads(run("recall", "ann", "coriander soap", "--json").stdout)
        assert hits[0]["content"].startswith("I don't eat coriander")
        assert run("view", "ann", "-o", str(tmp_path / "ann.html")).exit_code == 0
        assert len(json.loads(run("export", "ann").stdout)["cards"]) == 3
        r = run("forget", "ann", "--subject", "Tom", "--yes")  # a write still says who holds the folder
        assert r.exit_code == 1 and "in this process" in r.output  # the held hub is this test's
    assert run("cards", "ann", "--json").stdout == before  # reading a copy touched nothing (no access counts)
    assert sorted(p.name for p in data.rglob("*.sqlite")) == ["ann.sqlite", "ann.sqlite"]  # tenants/, audit/


def test_unknown_keys_suggest_the_closest_known_one(tmp_path):
    from autogen_zettel.base.config import config_from_dict
    from autogen_zettel.base.errors import ConfigError
    from autogen_zettel.base.llm import llm_config_from_dict
    from autogen_zettel.persona.spec import persona_from_dict
    from autogen_zettel.research.scenario import scenario_from_dict

    with pytest.raises(
        ConfigError, match=r"'recall.tuning.treshold': unknown key; did you mean 'threshold'\?"
    ):
        config_from_dict({"recall": {"tuning": {"treshold": 0.3}}})
    with pytest.raises(ConfigError, match=r"unknown key; did you mean 'role'\?"):
        persona_from_dict({"name": "ada", "rol": "researcher"})
    with pytest.raises(ConfigError, match=r"unknown trait 'concisenes'; did you mean 'conciseness'\?"):
        persona_from_dict({"name": "ada", "traits": {"concisenes": 0.7}})
    with pytest.raises(ConfigError, match=r"did you mean 'sessions'\?"):
        scenario_from_dict({"name": "x", "participants": [], "sesions": []}, file="s.yaml")
    with pytest.raises(ConfigError, match=r"did you mean 'base_url'\?"):
        llm_config_from_dict({"config_list": [{"model": "m", "baseurl": "http://x"}]})
    with pytest.raises(ConfigError) as info:  # nothing close: no guess
        config_from_dict({"recall": {"colour": 1}})
    assert "did you mean" not in str(info.value)


def test_missing_locomo_data_says_where_to_get_it(run, tmp_path):
    r = run("bench", "locomo", "--data", str(tmp_path / "locomo10.json"))
    text = " ".join(r.output.split())
    assert r.exit_code == 1 and "Traceback" not in r.output
    assert "file not found" in text and "github.com/snap-research/locomo" in text and "--data" in text


def test_the_ingest_quickstart_runs_as_written(run, tmp_path):
    """docs/guides/ingest-your-chat.md: its converter line on a Telegram-style export, then its commands."""
    import re
    import shlex
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[1] / "docs" / "guides" / "ingest-your-chat.md").read_text(
        encoding="utf-8"
    )
    [block] = re.findall(r"```bash\n(.*?)```", doc, flags=re.DOTALL)
    lines = [line.split("   #", 1)[0].strip() for line in block.strip().splitlines()]
    assert len(lines) == 5
    export = {
        "name": "Lisbon trip",
        "messages": [
            {
                "id": 1,
                "type": "message",
                "date": "2024-05-01T10:00:00",
                "from": "Ann",
                "text": "We spent our holiday in Lisbon and loved the tiled houses.",
            },
            {
                "id": 2,
                "type": "message",
                "date": "2024-05-01T10:01:00",
                "from": "Bo",
                "text": [{"type": "bold", "text": "formatted"}, " text is a list"],
            },
            {
                "id": 3,
                "type": "service",
                "date": "2024-05-01T10:02:00",
                "actor": "Ann",
                "action": "pin_message",
            },
            {
                "id": 4,
                "type": "message",
                "date": "2024-05-02T09:00:00",
                "from": "Bo",
                "text": "我们下个月去杭州喝龙井茶。",
            },
        ],
    }
    (tmp_path / "result.json").write_text(json.dumps(export, ensure_ascii=False), encoding="utf-8")
    convert = lines[1]
    assert convert.startswith("python -c ") and convert.endswith("> chat.jsonl")
    out = subprocess.run(
        [sys.executable, *shlex.split(convert[len("python ") : -len("> chat.jsonl")])],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    (tmp_path / "chat.jsonl").write_text(out, encoding="utf-8")
    for line in lines[2:]:
        args = shlex.split(line)
        assert args[0] == "autogen-zettel"
        args = [str(tmp_path / a) if a.endswith((".jsonl", ".html")) else a for a in args[1:]]
        r = run(*args)
        assert r.exit_code == 0, (line, r.output)
    cards = json.loads(run("cards", "me", "--json").output)
    assert sorted(c["speaker"] for c in cards) == ["Ann", "Bo"] and (tmp_path / "me.html").exists()


def test_a_qdrant_server_refusing_the_key_is_one_line(tmp_path):
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from autogen_zettel import MemoryHub, StoreUnavailable

    class Refuse(BaseHTTPRequestHandler):  # a server that wants another API key
        def do_GET(self):
            body = b'{"status": {"error": "Must provide an API key or an Authorization bearer token"}}'
            self.send_response(401)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Refuse)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}"
        with pytest.raises(StoreUnavailable, match=r"refused the API key \(HTTP 401\).*api_key_env"):
            MemoryHub.open(tmp_path / "data", qdrant_url=url)
    finally:
        server.shutdown()
        server.server_close()
