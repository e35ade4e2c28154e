#!/usr/bin/env python3
"""ctest `run_difftest`: random differential testing against Numba, with a fixed seed.

    run_difftest.py --py2cuda BUILD/py2cuda --source-dir REPO --build-dir BUILD --python NUMBA_PYTHON
                    [--count N] [--seed S]

Runs the saved regressions (tests/difftest/regressions/), then N generated programs from seed S
(difftest.py, in Numba's python). Numba's results and the built harnesses are cached under
BUILD/difftest/cache, so a rerun with nothing changed only translates and compares.
Skipped (77) without Numba's python (PY2CUDA_ORACLE=OFF). See README.md in this folder.
"""
import argparse
import subprocess
import sys
from pathlib import Path

SKIP = 77
HERE = Path(__file__).resolve().parent


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--py2cuda", required=True)
    ap.add_argument("--source-dir", required=True)
    ap.add_argument("--build-dir", required=True)
    ap.add_argument("--python")
    ap.add_argument("--count", type=int, default=80)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--batch", type=int, default=40)
    args = ap.parse_args()
    if not args.python:
        print("skipped: no Numba python (--python; configure with PY2CUDA_ORACLE=ON)")
        return SKIP
    work = Path(args.build_dir).resolve() / "difftest"
    common = ["--py2cuda", args.py2cuda, "--source-dir", args.source_dir, "--cache", str(work / "cache")]
    env_note = "difftest.py"
    failed = False
    for extra in (["--regressions", "--work-dir", str(work / "regressions")],
                  ["--seed", str(args.seed), "--count", str(args.count), "--batch", str(args.batch),
                   "--jobs", "2", "--work-dir", str(work / "random")]):
        p = subprocess.run([args.python, str(HERE / env_note), *common, *extra])
        failed |= p.returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
