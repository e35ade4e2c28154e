#!/usr/bin/env python3
"""The loop-mode benchmark still builds and computes what its references compute.

bench/loop_mode_vs_plain_cpp.cpp includes py2cuda's translation of bench/loop_mode_kernels.py,
so a change to the emitted code or to the runtime can break its build; and the benchmark checks
that every variant (plain loops, loop mode, fiber mode) leaves the same bits, which is a test of
the emulation. This builds it as bench/run_all.sh does and runs it on a small N. It asserts the
behaviour only (exit status, every table printed), never a time: speed is the benchmark's to
report (bench/README.md).

Usage: run_loop_mode_bench.py --py2cuda PY2CUDA --source-dir SRC --build-dir BUILD [--python PY]
"""

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

SKIP = 77


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--py2cuda", required=True)
    parser.add_argument("--source-dir", required=True)
    parser.add_argument("--build-dir", required=True)
    parser.add_argument("--python")
    args = parser.parse_args()
    source = Path(args.source_dir).resolve()
    sys.dont_write_bytecode = True  # no __pycache__ in the source tree
    sys.path.insert(0, str(source / "bench"))
    import benchlib  # noqa: E402  (bench/, where run_all.sh and the benchmarks find it)
    cxx = benchlib.host_cxx()
    if not cxx:
        print("SKIP: no C++ compiler")
        return SKIP

    with tempfile.TemporaryDirectory(prefix="loop-mode-bench-") as scratch:
        work = Path(scratch)
        binary, failure = benchlib.build_loop_mode_benchmark(args.py2cuda, work, cxx)
        if binary is None:
            print(f"FAIL: {failure}")
            return 1
        run = subprocess.run([str(binary), "4096"], capture_output=True, text=True, timeout=600)
        output = run.stdout + run.stderr
        problems = []
        if run.returncode != 0:
            problems.append(f"exit status {run.returncode}")
        for title in ("saxpy", "five-point stencil", "grid-stride loop", "block reduction",
                      "loop mode, 1 worker, CPU time / checked plain loop:", "fiber mode, 1 worker, CPU time"):
            if title not in output:
                problems.append(f"no {title!r} in its output")
        # The --count mode bench/loop_mode_instructions.py runs under cachegrind: one variant of
        # one comparison (here the stencil's loop mode), untimed, printing nothing.
        count = subprocess.run([str(binary), "4096", "--count", "2", "2", "1"], capture_output=True, text=True,
                               timeout=600)
        if count.returncode != 0 or count.stdout:
            problems.append(f"--count 2 2 1: exit status {count.returncode}, output {count.stdout[-500:]!r}")
        if problems:
            print("FAIL: " + "; ".join(problems) + "\n" + output)
            return 1
        print(output)
        print("PASS: the benchmark builds from py2cuda's translation, and every variant computes the same bits")
        return 0


if __name__ == "__main__":
    sys.exit(main())
