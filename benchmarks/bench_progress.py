"""What a pasted progress code costs the server (issue 22, item 1): memory and CPU time of
`Progress.from_share_code` on hostile codes, each in a fresh process.

Codes: zlib "bombs" (spaces compressed at level 9, about 1,000 to 1, with a valid checksum, so that only the
unpacking can refuse them) of the sizes the issue measured, 543 KB and 1.36 MB (980 MB and 2,187 MB of memory
before the fix), the largest code that is looked at (MAX_CODE characters, a bomb too), a 10 MB code (the 1.36 MB
bomb followed by code characters up to 10 MB), and a code of 10 MB of one letter. Goal: every one under 50 MB
and 0.5 s. Printed per code: its length, what was raised, CPU time of the call, the peak of Python's
allocations during the call (tracemalloc) and the growth of the process's peak resident memory (ru_maxrss)
over its level just before the call.

Run: python benchmarks/bench_progress.py [--module FILE]
     (--module times another quitlok/progress.py, such as `git show <commit>:quitlok/progress.py > FILE`)
"""

import argparse
import base64
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOAL_MB, GOAL_S = 50, 0.5

CHILD = r"""
import importlib.util, json, resource, sys, time, tracemalloc
path, module = sys.argv[1], sys.argv[2]
if module:
    spec = importlib.util.spec_from_file_location("progress_under_test", module)
    progress = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(progress)
else:
    from quitlok import progress
code = open(path).read()
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
tracemalloc.start()
began = time.process_time()
try:
    progress.Progress.from_share_code(code)
    outcome = "accepted"
except Exception as error:
    outcome = f"{type(error).__name__}: {str(error)[:60]}"
took = time.process_time() - began
peak = tracemalloc.get_traced_memory()[1]
tracemalloc.stop()
grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
print(json.dumps({"outcome": outcome, "cpu": took, "traced_mb": peak / 1e6, "rss_mb": grown / 1024}))
"""


def code_of(packed: bytes) -> str:
    return "QL1-" + base64.urlsafe_b64encode(hashlib.sha256(packed).digest()[:4] + packed).decode().rstrip("=")


def bomb(code_chars: int) -> str:
    """A code of about `code_chars` characters whose body unpacks to about 1,000 times its size."""
    packer, packed, chunk = zlib.compressobj(9), [], b" " * (1 << 20)
    target = code_chars * 3 // 4 - 1200  # one chunk packs to about 1 KB
    while sum(map(len, packed)) < target:
        packed.append(packer.compress(chunk))
    packed.append(packer.flush())
    return code_of(b"".join(packed))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--module", default="", help="another quitlok/progress.py to time")
    args = parser.parse_args()
    sys.path.insert(0, ROOT)
    from quitlok.progress import MAX_CODE
    big = bomb(1_360_000)
    codes = {
        "bomb, 543 KB": bomb(543_000),
        "bomb, 1.36 MB": big,
        f"bomb, MAX_CODE ({MAX_CODE:,})": bomb(MAX_CODE - 100),
        "bomb + padding, 10 MB": big + "A" * (10_000_000 - len(big)),
        "one letter, 10 MB": "QL1-" + "A" * (10_000_000 - 4),
    }
    print(f"{'code':32} {'length':>11} {'CPU s':>7} {'traced MB':>10} {'RSS +MB':>8}  outcome")
    worst_mb = worst_s = 0.0
    with tempfile.TemporaryDirectory() as folder:
        for name, code in codes.items():
            path = os.path.join(folder, "code.txt")
            with open(path, "w") as out:
                out.write(code)
            run = subprocess.run([sys.executable, "-c", CHILD, path, args.module], capture_output=True, text=True,
                                 cwd=ROOT, env={**os.environ, "PYTHONPATH": ROOT}, check=True)
            result = json.loads(run.stdout.strip().splitlines()[-1])
            worst_mb = max(worst_mb, result["traced_mb"], result["rss_mb"])
            worst_s = max(worst_s, result["cpu"])
            print(f"{name:32} {len(code):>11,} {result['cpu']:>7.3f} {result['traced_mb']:>10.1f} "
                  f"{result['rss_mb']:>8.1f}  {result['outcome']}")
    met = worst_mb < GOAL_MB and worst_s < GOAL_S
    print(f"worst: {worst_mb:.1f} MB, {worst_s:.3f} s: goal (under {GOAL_MB} MB and {GOAL_S} s) "
          f"{'met' if met else 'NOT met'}")


if __name__ == "__main__":
    main()
