#!/usr/bin/env bash
# One-time set-up on a fresh machine (idempotent: a second run installs nothing new).
# torch first, pinned: the CPU build of 2.13.0 lies on this disk; an unpinned torch would
# pull a multi-GB CUDA build. Then the package with the verified stack in constraints.txt, with
# the agentchat extra (Microsoft AutoGen AgentChat), whose tests run in CI too.
set -euo pipefail
cd "$(dirname "$0")/.."
python -m pip install -q torch==2.13.0
python -m pip install -q -c constraints.txt -e ".[dev,agentchat]"
