#!/usr/bin/env bash
# A second environment with ag2 0.14 instead of pyautogen 0.9, for CI's agent tests on that
# lineage (.ci/run) and for anyone who wants to try it: bash scripts/ag2_env.sh [VENV]
# (default .venvs/ag2, gitignored). Idempotent: a second run installs nothing new.
#
# Both lineages install the same `autogen` module, so they cannot share an environment; and
# ag2 0.14's [openai] extra needs openai<3 while constraints.txt pins openai 3.x for
# pyautogen 0.9. So this venv takes constraints.txt without its pyautogen and openai lines.
# The install is the README's for ag2: the package (which requires pyautogen), then
# pyautogen swapped for ag2. Uninstall before install: the two write the same files.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV="${1:-.venvs/ag2}"
AG2="ag2[openai]==0.14.0"
OPENAI="openai==2.54.0"  # the newest openai ag2 0.14.0 accepts (<3), verified with the tests

[ -x "$VENV/bin/python" ] || python -m venv "$VENV"
PIP=("$VENV/bin/python" -m pip)
constraints="$VENV/constraints-ag2.txt"
grep -v -E '^(pyautogen|openai|ag2|fast-depends)==' constraints.txt > "$constraints"
echo "$OPENAI" >> "$constraints"

# torch first, pinned: the CPU build lies on this disk (see scripts/setup.sh)
"${PIP[@]}" install -q torch==2.13.0
if ! "$VENV/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('ag2') != '0.14.0')" 2>/dev/null; then
    "${PIP[@]}" install -q -c "$constraints" -e ".[dev]"
    "${PIP[@]}" uninstall -q -y pyautogen
    "${PIP[@]}" install -q -c "$constraints" "$AG2"
else
    "${PIP[@]}" install -q -c "$constraints" --no-deps -e .
fi
"$VENV/bin/python" -c "import autogen, importlib.metadata as m; print('ag2', m.version('ag2'), 'openai', m.version('openai'), 'autogen from', autogen.__file__)"
