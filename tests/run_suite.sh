#!/usr/bin/env bash
# Every test, scheduled for a small machine (README "Run the tests"); arguments (say --durations=30) go to every
# pytest run.
#
# 1. The browser tests (tests/e2e but the load checks), on as many pytest-xdist workers as the machine has cores,
#    each with its own app server and Chromium. They spend much of their time waiting for pages (a follow-up run
#    a second, a run to end after a click), which leaves the cores partly idle, so
# 2. every other test runs beside them, on as many workers again, at a lower priority (nice 10): it takes the
#    time the browser tests leave and, the kernel's scheduler giving them the cores first, never makes them wait
#    long. Its report is shown when it ends, after the browser tests' own.
# 3. Last, once both have passed, the two load checks (marker `alone`), by themselves: their timings assume one
#    browser and one server on the machine.
set -uo pipefail
cd "$(dirname "$0")/.."
report=$(mktemp)
trap 'rm -f "$report"' EXIT
nice -n 10 python -m pytest -n auto --dist loadgroup --ignore=tests/e2e "$@" >"$report" 2>&1 &
others=$!
python -m pytest -n auto tests/e2e -m "not alone" "$@"
browser=$?
wait "$others"
rest=$?
echo "--- every test but the browser's (it ran beside them) ---"
cat "$report"
if [ "$browser" -ne 0 ] || [ "$rest" -ne 0 ]; then
  exit 1
fi
python -m pytest tests/e2e -m alone "$@"
