"""The persona engine's saved state as plain data (JSON in the persona tables) and back."""

from __future__ import annotations

from dataclasses import asdict, fields
from datetime import datetime
from typing import Any

from autogen_zettel.base.persona_records import ModuleStatus, TraitState
from autogen_zettel.persona.behaviours import ModuleState

__all__ = ["state_dict", "dt", "known", "trait_state", "module_state"]


def state_dict(state: Any) -> dict:
    out = {}
    for key, value in asdict(state).items():
        if isinstance(value, datetime):
            value = value.isoformat()
        elif hasattr(value, "value"):
            value = value.value
        out[key] = value
    return out


def dt(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


def known(cls: type, d: dict) -> dict:
    """Only the fields ``cls`` has: state saved by another version of this library still loads."""
    names = {f.name for f in fields(cls)}
    return {k: v for k, v in d.items() if k in names}


def trait_state(d: dict) -> TraitState:
    extra = {"bounds": tuple(d["bounds"])} if d.get("bounds") is not None else {}
    return TraitState(**{**known(TraitState, d), "at": dt(d["at"]), **extra})


def module_state(d: dict) -> ModuleState:
    return ModuleState(
        **{
            **known(ModuleState, d),
            "status": ModuleStatus(d["status"]),
            "since": dt(d.get("since")),
            "cooldown_until": dt(d.get("cooldown_until")),
        }
    )
