"""Settings are validated on every way a config is built (#42): pydantic's ``model_copy`` and
``model_construct`` skip validation, so a NaN ``decay.stability_days`` got in and archived
every card at the next maintenance."""

from __future__ import annotations

import math

import pytest

from autogen_zettel import ConfigError, HashEmbedder, MemoryHub, SimulatedClock
from autogen_zettel.base.config import DecayConfig, MemoryConfig, RecallConfig
from tests.conftest import T0

NAN = float("nan")


@pytest.mark.parametrize(
    "build",
    [
        lambda: DecayConfig().model_copy(update={"stability_days": NAN}),
        lambda: DecayConfig.model_construct(stability_days=NAN),
        lambda: MemoryConfig.model_construct(decay={"stability_days": NAN}),
        lambda: MemoryConfig().model_copy(update={"decay": DecayConfig.model_construct(stability_days=NAN)}),
        lambda: MemoryConfig().model_copy(update={"decay": {"stability_days": NAN}}),
        lambda: MemoryConfig().model_copy(
            update={"decay": DecayConfig().model_copy(update={"stability_days": -1.0})}
        ),
        lambda: RecallConfig().model_copy(update={"k": 0}),
        lambda: MemoryConfig().model_copy(update={"nonsense": 1}),
        lambda: MemoryConfig.model_validate_json('{"decay": {"stability_days": "NaN"}}'),
    ],
)
def test_every_construction_path_refuses_a_bad_value(build):
    with pytest.raises(ConfigError):
        build()


def test_valid_copies_keep_working_and_keep_the_source(tmp_path):
    cfg = tmp_path / "c.yaml"
    cfg.write_text("decay:\n  stability_days: 30\n")
    from autogen_zettel.base.config import load_config

    loaded = load_config(cfg)
    copied = loaded.model_copy(update={"decay": loaded.decay.model_copy(update={"stability_days": 45.0})})
    assert copied.decay.stability_days == 45.0 and copied.source == loaded.source
    assert DecayConfig.model_construct(stability_days=12.0).stability_days == 12.0
    assert copied.model_copy() == copied


def test_a_nan_setting_never_reaches_maintenance(tmp_path):
    with MemoryHub.open(tmp_path / "data", embedder=HashEmbedder(), clock=SimulatedClock(T0)) as hub:
        mem = hub.tenant("ann")
        mem.remember("I moved to Porto in May.", speaker="ann", message_id="m1")
        with pytest.raises(ConfigError, match="stability_days"):
            bad = mem.config.model_copy(
                update={"decay": mem.config.decay.model_copy(update={"stability_days": NAN})}
            )
            assert math.isnan(bad.decay.stability_days)
        assert [c.status.value for c in mem.cards()] == ["active"]
