#!/usr/bin/env bash
# Every test, scheduled for a small machine (README "Run the tests"); arguments (say --durations=30) go to every
# pytest run. Three stages, one after another, each on as many pytest-xdist workers as the machine has cores:
#
# 1. every test but the browser's (the longest first: tests/conftest.py LONGEST_FIRST);
# 2. the browser tests (tests/e2e but the load checks), each worker with its own app server and Chromium;
# 3. the two load checks (marker `alone`), by themselves: their timings assume one browser and one server.
#
# (Running stages 1 and 2 side by side was tried: on two cores it took as long in all, and pages of the browser
# tests, starved of the processor, timed out; see the README.)
set -uo pipefail
cd "$(dirname "$0")/.."
python -m pytest -n auto --dist loadgroup --ignore=tests/e2e "$@" || exit 1
python -m pytest -n auto tests/e2e -m "not alone" "$@" || exit 1
python -m pytest tests/e2e -m alone "$@"
