"""Collection rules for the whole repository (``--doctest-modules`` imports every module)."""

import importlib.util

# the AgentChat adapter needs the optional extra; without it, its tests skip (tests/test_agentchat.py)
collect_ignore = [] if importlib.util.find_spec("autogen_core") else ["autogen_zettel/agent/agentchat.py"]
