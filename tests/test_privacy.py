"""Secrets never reach disk or logs; privacy tiers decide how long a card lives."""

from __future__ import annotations

import logging
from datetime import timedelta
from pathlib import Path

import pytest

from autogen_zettel import CardStatus, HashEmbedder, InvalidInput, MemoryHub, Message
from autogen_zettel.base.cards import PrivacyTier
from autogen_zettel.base.config import config_from_dict
from autogen_zettel.base.errors import ConfigError
from autogen_zettel.trust.privacy import Redactor, redact

from .conftest import T0

SECRETS = {
    "payment_card": "4539 1488 0343 6467",  # Luhn-valid
    "national_id": "11010519491231002X",  # Chinese resident ID with a valid check digit
    "us_ssn": "536-22-8471",
    "api_key": "sk-proj-Zq8vT3xLmN5pR7sK2wY9bC4d",
    "aws": "AKIAIOSFODNN7EXAMPLE",
    "password": "Tr0ub4dor&3",
}


def files_containing(root: Path, needle: bytes) -> list[str]:
    return [str(p.relative_to(root)) for p in root.rglob("*") if p.is_file() and needle in p.read_bytes()]


@pytest.mark.parametrize(
    "text, kind",
    [
        ("pay with 4539 1488 0343 6467 please", "payment_card"),
        ("card 4539-1488-0343-6467", "payment_card"),
        ("身份证号11010519491231002X，谢谢", "national_id"),
        ("my SSN is 536-22-8471", "us_ssn"),
        ("ssn: 536228471", "us_ssn"),
        ("use sk-proj-Zq8vT3xLmN5pR7sK2wY9bC4d for the API", "api_key"),
        ("AKIAIOSFODNN7EXAMPLE is the access key", "api_key"),
        ("ghp_" + "a1B2" * 9 + " is my token", "api_key"),
        ("the wifi password is Tr0ub4dor&3.", "password"),
        ("密码是abc12345。", "password"),
        ("PIN: 4821", "password"),
        ("IBAN GB82 WEST 1234 5698 7654 32", "iban"),
    ],
)
def test_detectors_find_checked_secrets(text, kind):
    r = redact(text)
    assert kind in r.kinds, r
    assert "[redacted" in r.text
    assert redact(r.text).text == r.text  # idempotent: placeholders are never redacted again


@pytest.mark.parametrize(
    "text",
    [
        "pay with 4539 1488 0343 6468 please",  # fails Luhn
        "身份证号110105194912310021",  # wrong check digit
        "call me at 555-123-4567 tomorrow",
        "I forgot my password yesterday",
        "I ran 5 km in 2023 and 10 km in 2024",
        "the sky-blue paint costs 12 dollars",
    ],
)
def test_detectors_leave_ordinary_text_alone(text):
    assert redact(text).text == text


def test_extra_patterns_and_detector_choice():
    r = Redactor(("payment_card",), {"employee_id": r"EMP-\d{6}"})
    out = r.redact("EMP-123456 paid with 4539 1488 0343 6467, SSN 536-22-8471")
    assert out.kinds == ("employee_id", "payment_card")
    assert "536-22-8471" in out.text  # that detector was not chosen
    with pytest.raises(ConfigError, match="privacy.detectors"):
        config_from_dict({"privacy": {"detectors": ["tarot"]}})
    with pytest.raises(ConfigError, match="privacy.extra_patterns.bad"):
        config_from_dict({"privacy": {"extra_patterns": {"bad": "("}}})
    with pytest.raises(ConfigError, match="privacy.kind_tiers.gossip"):
        config_from_dict({"privacy": {"kind_tiers": {"gossip": "decaying"}}})
    cfg = config_from_dict(
        {"privacy": {"kind_tiers": {"preference": "decaying"}, "permanent_patterns": ["allerg"]}}
    )
    assert cfg.privacy.kind_tiers == {"preference": "decaying"}


def test_secrets_never_touch_disk_or_logs(tmp_path, clock, caplog):
    caplog.set_level(logging.DEBUG)
    data = tmp_path / "data"
    hub = MemoryHub.open(data, embedder=HashEmbedder(), clock=clock)
    try:
        mem = hub.tenant("alice")
        cards = mem.remember_many(
            [
                # one clause (two, "... and my ID is ...", would be two atomic cards)
                Message(
                    f"My card number is {SECRETS['payment_card']} with ID {SECRETS['national_id']}.",
                    "Ann",
                    "m1",
                    "s1",
                    T0,
                ),
                Message(
                    f"Here is the key {SECRETS['api_key']} and {SECRETS['aws']} for the deploy.",
                    "Ann",
                    "m2",
                    "s1",
                    T0 + timedelta(minutes=1),
                ),
                {
                    "text": f"My SSN is {SECRETS['us_ssn']} and the vault password is {SECRETS['password']} ok",
                    "speaker": "Ann",
                    "id": "m3",
                    "session_id": "s1",
                },
            ]
        )
        mem.remember_later(
            "Backup card 4539 1488 0343 6467 expires soon, I adopted a cat.", speaker="Ann", message_id="m4"
        )
        mem.flush()
        assert len(cards) == 3 and all("[redacted" in c.content for c in cards)
        assert set(cards[0].redactions) == {"payment_card", "national_id"}
        edited = mem.archive.edit(cards[0].id, f"New card {SECRETS['payment_card']} from my bank.")
        assert "[redacted payment card]" in edited.content
        hits = mem.recall("what is my card number", k=5)
        assert hits and all(s not in h.card.content for h in hits for s in SECRETS.values())
        assert all(SECRETS["payment_card"] not in m["text"] for m in mem.explain(cards[0].id)["sources"])
        # from the moment it is said: scan while the hub is open (WAL and all), then after closing
        for secret in SECRETS.values():
            assert files_containing(data, secret.encode()) == [], secret
            assert files_containing(data, secret.replace(" ", "").encode()) == [], secret
    finally:
        hub.close()
    for secret in SECRETS.values():
        assert files_containing(data, secret.encode()) == []
    for record in caplog.records:
        text = record.getMessage() + repr(record.args)
        assert all(s not in text for s in SECRETS.values()), record.getMessage()


def test_never_persisted_message_stores_nothing(tmp_path, clock):
    data = tmp_path / "data"
    with MemoryHub.open(data, embedder=HashEmbedder(), clock=clock) as hub:
        mem = hub.tenant("alice")
        assert (
            mem.remember(
                "My locker combination is seventeen left twenty right.",
                speaker="Ann",
                message_id="x",
                tier=PrivacyTier.NEVER,
            )
            == []
        )
        mem.remember("I adopted a grey cat called Pixel.", speaker="Ann", message_id="y")
        assert mem.stats()["cards"] == 1
        assert files_containing(data, b"locker combination") == []
        with pytest.raises(InvalidInput, match="privacy tier"):
            mem.remember("hello there friend of mine", speaker="Ann", tier="secret-ish")


def test_tiers_by_kind_pattern_and_explicit(clock):
    cfg = config_from_dict(
        {"privacy": {"kind_tiers": {"preference": "decaying"}, "permanent_patterns": [r"\ballerg"]}}
    )
    with MemoryHub.open(memory=True, config=cfg, embedder=HashEmbedder(), clock=clock) as hub:
        mem = hub.tenant("alice")
        pref = mem.remember("I love spicy ramen with extra chili.", speaker="Ann", message_id="p")[0]
        allergy = mem.remember("I am allergic to peanuts, badly.", speaker="Ann", message_id="a")[0]
        fact = mem.remember("My sister teaches maths in Lisbon.", speaker="Ann", message_id="f")[0]
        blood = mem.remember(
            "My blood type is O negative.", speaker="Ann", message_id="b", tier=PrivacyTier.PERMANENT
        )[0]
        assert (pref.tier, allergy.tier, fact.tier, blood.tier) == (
            PrivacyTier.DECAYING,
            PrivacyTier.PERMANENT,
            PrivacyTier.STANDARD,
            PrivacyTier.PERMANENT,
        )
        assert mem.archive.set_tier(fact.id, "permanent").tier is PrivacyTier.PERMANENT
        with pytest.raises(InvalidInput, match="forget"):
            mem.archive.set_tier(fact.id, PrivacyTier.NEVER)


def test_decaying_tier_weight_and_archive_follow_the_configured_days(clock):
    cfg = config_from_dict(
        {
            "privacy": {
                "kind_tiers": {"preference": "decaying"},
                "decay_after_days": 90,
                "decayed_weight": 0.1,
                "archive_after_days": 180,
            },
            "decay": {"enabled": False},
            # no spreading: the two cards are linked (SAME_SPEAKER), and what one
            # unlocks in the other is weighed by recency, which moves with the days
            "recall": {"tuning": {"hops": 0}},
        }
    )
    with MemoryHub.open(memory=True, config=cfg, embedder=HashEmbedder(), clock=clock) as hub:
        mem = hub.tenant("alice")
        pref = mem.remember("I love sour cherry jam on toast.", speaker="Ann", message_id="p")[0]
        fact = mem.remember("My cherry tree grows by the toast shop.", speaker="Ann", message_id="f")[0]
        assert pref.tier is PrivacyTier.DECAYING and fact.tier is PrivacyTier.STANDARD

        def score(at):
            return {h.card.id: h.score for h in mem.recall("cherry jam toast", k=5, at=at, touch=False)}

        fresh, late = score(T0 + timedelta(days=89)), score(T0 + timedelta(days=91))
        assert late[pref.id] == pytest.approx(0.1 * fresh[pref.id])
        assert late[fact.id] == pytest.approx(fresh[fact.id])
        assert mem.maintain(at=T0 + timedelta(days=179)).archived == {}
        report = mem.maintain(at=T0 + timedelta(days=180))
        assert report.archived == {pref.id: "tier"}
        assert mem.card(pref.id).status is CardStatus.ARCHIVED
        assert pref.id not in score(T0 + timedelta(days=181))


def test_decaying_period_runs_from_the_latest_recall(clock):
    """A preference in use keeps its weight; one nobody recalls fades at day 91 and is archived at day 181."""
    from autogen_zettel.trust.privacy import tier_weight

    cfg = config_from_dict({"privacy": {"kind_tiers": {"preference": "decaying"}}})  # 90 / 0.1 / 180 days
    with MemoryHub.open(memory=True, config=cfg, embedder=HashEmbedder(), clock=clock) as hub:
        mem = hub.tenant("alice")
        used = mem.remember("I love sour cherry jam on toast.", speaker="Ann", message_id="u")[0]
        idle = mem.remember("I prefer green tea in the evening.", speaker="Ann", message_id="i")[0]
        assert used.tier is idle.tier is PrivacyTier.DECAYING

        clock.set(T0 + timedelta(days=80))
        assert [h.card.id for h in mem.recall("cherry jam on toast", k=1)] == [used.id]  # touches it
        mem.flush()
        used, idle = mem.card(used.id), mem.card(idle.id)
        assert used.last_access == T0 + timedelta(days=80) and idle.last_access is None

        privacy = hub.config.privacy
        assert tier_weight(used, T0 + timedelta(days=120), privacy) == 1.0
        assert tier_weight(idle, T0 + timedelta(days=89), privacy) == 1.0
        assert tier_weight(idle, T0 + timedelta(days=91), privacy) == pytest.approx(0.1)
        assert tier_weight(used, T0 + timedelta(days=80 + 91), privacy) == pytest.approx(0.1)

        assert mem.maintain(at=T0 + timedelta(days=179)).archived == {}
        clock.set(T0 + timedelta(days=181))
        assert mem.maintain().archived == {idle.id: "tier"}
        assert (
            mem.card(idle.id).status is CardStatus.ARCHIVED and mem.card(used.id).status is CardStatus.ACTIVE
        )
        assert mem.maintain(at=T0 + timedelta(days=80 + 181)).archived == {used.id: "tier"}


def test_a_merged_restatement_restarts_the_decaying_period():
    from autogen_zettel.base.cards import Card, CardKind
    from autogen_zettel.trust.maintenance import merge_cards
    from autogen_zettel.trust.privacy import tier_weight

    first = Card(
        "a", "I love cherry jam.", CardKind.PREFERENCE, "Ann", T0, ("m1",), tier=PrivacyTier.DECAYING
    )
    again = first.with_changes(id="b", source_ids=("m2",), created_at=T0 + timedelta(days=100))
    survivor = merge_cards([first, again])
    assert survivor.id == "a" and survivor.source_ids == ("m1", "m2")
    assert survivor.last_access == T0 + timedelta(days=100)
    cfg = config_from_dict({}).privacy
    assert tier_weight(first, T0 + timedelta(days=150), cfg) == pytest.approx(0.1)
    assert tier_weight(survivor, T0 + timedelta(days=150), cfg) == 1.0


def test_private_preset_turns_preferences_decaying_and_loads():
    from autogen_zettel.base.config import load_config

    root = Path(__file__).resolve().parents[1]
    cfg = load_config(root / "configs" / "private.yaml")
    assert cfg.privacy.kind_tiers == {"preference": "decaying"}
    assert cfg.privacy.redact and set(cfg.privacy.detectors) == set(config_from_dict({}).privacy.detectors)
    assert config_from_dict({}).privacy.kind_tiers == {}  # the default stays opt-in
    r = Redactor.from_config(cfg.privacy).redact(
        "Mail ann.lee@example.co.uk or call +44 20 7946 0958, not +3 points at 10:30 on 2024-03-01."
    )
    assert r.text == "Mail [redacted email] or call [redacted phone], not +3 points at 10:30 on 2024-03-01."


def test_autogen_console_output_reaches_the_log_without_its_text(caplog):
    # quiet_io takes AutoGen's console output, which is the raw chat, before any redaction
    from autogen.io import IOStream

    from autogen_zettel.agent.assistant import ScriptedUserAgent, quiet_io

    user = ScriptedUserAgent("user")
    bank = ScriptedUserAgent("bank", lines=["Noted."])
    said = f"My card is {SECRETS['payment_card']}, pay the rent."
    caplog.set_level(logging.DEBUG)
    with quiet_io():
        user.initiate_chat(bank, message=said, max_turns=1)  # ag2 0.14 sends events ...
        IOStream.get_default().print("user (to bank):", said, flush=True)  # ... other paths print text
    for record in caplog.records:
        text = record.getMessage() + repr(record.args)
        assert SECRETS["payment_card"] not in text and "pay the rent" not in text, record.getMessage()
    mine = [r.getMessage() for r in caplog.records if r.name == "autogen_zettel.agent.support"]
    assert any("console output" in m for m in mine)  # it is noted that output came, and how much


def test_a_clean_message_is_scanned_once_and_no_secret_is_ever_remembered_as_clean():
    """A group chat's listeners redact the same message: the second scan is skipped for a text
    found clean (kept as a digest, not as text), never for one that held a secret."""
    from autogen_zettel.trust.privacy import Redactor

    r = Redactor()
    clean = "We met at the harbour café on Tuesday and talked about the grant for an hour. " * 2
    secret = "My card is 4111 1111 1111 1111, please book the flights for the whole team tonight."
    scans = []
    original = r.find
    r.find = lambda text: scans.append(text) or original(text)  # count the scans (instance only)
    assert r.redact(clean).text == clean and r.redact(clean).text == clean
    assert scans == [clean]
    assert all(r.redact(secret).changed for _ in range(3)) and scans.count(secret) == 3
    assert clean not in r._clean and not any(isinstance(d, str) for d in r._clean_long)
