#!/usr/bin/env bash
# One-time set-up on a fresh machine (idempotent: a second run installs nothing new).
# torch first, pinned: the CPU build of 2.13.0 lies on this disk; an unpinned torch would
# pull a multi-GB CUDA build. Then the package with the verified stack in constraints.txt, with
# the extras of the lineages that share this environment with pyautogen 0.9: agentchat
# (Microsoft AutoGen AgentChat 0.7), agentframework (Microsoft Agent Framework 1.x) and ag2x
# (ag2 1.x, package `ag2`), and langgraph and mcp (the LangGraph store and the MCP server);
# their tests run in CI too. ag2 0.14 needs its own venv
# (scripts/ag2_env.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
python -m pip install -q torch==2.13.0
python -m pip install -q -c constraints.txt -e ".[dev,agentchat,agentframework,ag2x,langgraph,mcp]"
