"""`autogen-zettel view`: one self-contained HTML file, checked in a real headless Chromium
(Debian's chromium + chromedriver, driven by Selenium): it loads with no console error, draws
every card, finds a card by search, shows a clicked card's sources and conflicts, draws the
persona's traits, fetches nothing and never runs card text as markup."""

from __future__ import annotations

import os
import shutil
from datetime import timedelta

import pytest

from autogen_zettel import HashEmbedder, MemoryHub
from autogen_zettel.memory.tenant import tenant_parts
from autogen_zettel.persona.mining import TraitState
from autogen_zettel.research.view import render_view, view_data, write_view
from autogen_zettel.store.persona_tables import PersonaStore

from .conftest import T0

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver") or (
    "/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver") else None
)
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
)
EVIL = "My cat is called </script><img src=x onerror=\"document.title='pwned'\"> Pixel."


@pytest.fixture
def tenant(tmp_path, clock):
    hub = MemoryHub.open(tmp_path / "data", embedder=HashEmbedder(), clock=clock)
    mem = hub.tenant("ann")
    mem.remember(
        "I don't eat coriander, it tastes like soap to me.", speaker="Ann", message_id="m1", session_id="s1"
    )
    clock.advance(days=1)
    mem.remember(
        "Please order the pho with extra coriander.", speaker="Ann", message_id="m2", session_id="s2"
    )
    mem.remember("我住在杭州，喜欢喝龙井茶。", speaker="Ann", message_id="m3", session_id="s2")
    mem.remember(EVIL, speaker="Ann", message_id="m4", session_id="s2")
    mem.remember(
        "My brother Tom flies cargo planes out of Lisbon every week.",
        speaker="Ann",
        message_id="m5",
        session_id="s2",
    )
    store = PersonaStore(tenant_parts(mem).db)
    for day in range(5):
        at = T0 + timedelta(days=day)
        store.add_history(
            [
                TraitState("conciseness", 0.5 + 0.05 * day, 0.0, 1.0, 0.0, 1, False, at, (0.1, 0.9)),
                TraitState("humour", 0.5 - 0.03 * day, 0.0, 0.5, 0.2, 1, False, at, (0.1, 0.9)),
            ],
            f"mining on day {day}",
        )
    yield mem
    hub.close()


def test_view_data_holds_cards_links_conflicts_and_traits(tenant):
    data = view_data(tenant)
    assert len(data["cards"]) == len(tenant.cards()) == 5
    ids = {c["id"] for c in data["cards"]}
    assert data["links"] and all(x["src"] in ids and x["dst"] in ids for x in data["links"])
    order = next(c for c in data["cards"] if c["content"].startswith("Please order"))
    assert order["sources"][0]["id"] == "m2" and order["conflicts"][0]["in_force"] is False
    assert "coriander" in order["tags"]  # the words, not their stems
    assert set(data["traits"]) == {"conciseness", "humour"} and len(data["traits"]["humour"]) == 5


def test_card_text_cannot_close_the_script_element(tenant):
    page = render_view(view_data(tenant))
    assert "</script><img" not in page and page.count("</script>") == 2  # the data block and the code
    assert "src=" not in page.replace("src=x", "") and "<link" not in page and "@import" not in page


@pytest.fixture(scope="module")
def browser():
    if not (CHROMIUM and CHROMEDRIVER):
        pytest.skip(
            "chromium and chromedriver are not installed (apt-get install -y chromium chromium-driver)"
        )
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for flag in FLAGS:
        opts.add_argument(flag)
    opts.add_argument("--window-size=1200,800")
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
    yield driver
    driver.quit()


def test_the_page_works_in_a_real_browser(tenant, browser, tmp_path):
    from selenium.webdriver.common.by import By

    page = tmp_path / "ann.html"
    assert write_view(tenant, page) == 5
    browser.get(page.as_uri())
    errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert errors == [], errors
    assert browser.execute_script("return window.zettelView.nodeCount") == 5
    assert browser.execute_script("return window.zettelView.linkCount") == len(view_data(tenant)["links"])
    assert browser.find_element(By.ID, "stats").text.startswith("5 cards")
    # search finds the card, in English and in Chinese, and a click on the result shows its sources
    box = browser.find_element(By.ID, "search")
    box.send_keys("pho")
    results = browser.find_elements(By.CSS_SELECTOR, "#results li")
    assert [r.text for r in results] == ["Please order the pho with extra coriander."]
    results[0].click()
    detail = browser.find_element(By.ID, "detail").text
    assert "sources (1)" in detail and "conflicts (1)" in detail and "waits to be verified" in detail
    assert "I don't eat coriander" in detail  # the other side of the conflict, by its text
    box.clear()
    box.send_keys("杭州")
    assert len(browser.find_elements(By.CSS_SELECTOR, "#results li")) == 1
    # the persona's traits over time: one line per trait
    lines = browser.find_elements(By.CSS_SELECTOR, "#traits-chart polyline")
    assert sorted(x.get_attribute("data-trait") for x in lines) == ["conciseness", "humour"]
    # card text stays text: no element injected, nothing fetched
    assert browser.title != "pwned" and not browser.find_elements(By.CSS_SELECTOR, "#detail img, body > img")
    box.clear()
    box.send_keys("Pixel")
    browser.find_element(By.CSS_SELECTOR, "#results li").click()
    assert "</script><img" in browser.find_element(By.ID, "detail").text
    assert browser.execute_script("return performance.getEntriesByType('resource').length") == 0
    assert [e for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []


def test_view_command_writes_the_file(run, tmp_path):
    chat = tmp_path / "chat.jsonl"
    chat.write_text('{"text": "I moved to Porto to open a bakery.", "speaker": "Ann"}\n', encoding="utf-8")
    assert run("ingest", "ann", str(chat)).exit_code == 0
    out = tmp_path / "ann.html"
    r = run("view", "ann", "-o", str(out))
    assert (
        r.exit_code == 0
        and "(1 card)" in " ".join(r.output.split())
        and out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    )
    r = run("view", "ann", "-o", "/nonexistent/ann.html")
    assert r.exit_code == 1 and "/nonexistent" in r.output and "Traceback" not in r.output


def test_the_python_blocks_of_docs_cli_run(tmp_path, monkeypatch):
    import re
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[1] / "docs" / "guides" / "cli.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", doc, re.DOTALL)
    assert len(blocks) == 2
    monkeypatch.chdir(tmp_path)
    for n, code in enumerate(blocks):
        code = code.replace("/tmp/", f"{tmp_path}/")
        exec(compile(code, f"docs/guides/cli.md block {n}", "exec"), {"__name__": f"cli_doc_{n}"})  # noqa: S102 - the docs run as written
    assert (tmp_path / "alice.html").exists() and (tmp_path / "alice-vault" / "index.md").exists()
