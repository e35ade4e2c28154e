"""Loop mode's instructions per element against the checked plain C++ loop, counted by cachegrind.

bench/loop_mode_vs_plain_cpp.cpp times the emulation's loop mode against hand-written loops. On a
shared machine those times move from run to run by more than many changes to the runtime do; the
instructions each variant executes do not. This runs the benchmark's variants one at a time
(its `--count CASE VARIANT REPS` mode) under `valgrind --tool=cachegrind`, twice with different
repetition counts so that everything done once (setup, the first launch) cancels, and prints
instructions per element and loop mode's ratio to the checked plain loop.

    python3 bench/loop_mode_instructions.py --py2cuda build/py2cuda [--work-dir DIR] [--n N]

Needs valgrind (Debian: `apt-get install valgrind`) and a host C++ compiler. A ratio of
instructions is not a ratio of time (loop mode's extra instructions are mostly independent
stores and increments, which overlap the loop's arithmetic), but it predicts the direction and
it is the same on every run.
"""
import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import benchlib

# (case index in loop_mode_vs_plain_cpp.cpp's order, name, elements it works on for N)
CASES = [
    (0, "saxpy", lambda n: n),
    (1, "saxpy float32[:]", lambda n: n),
    (2, "stencil", lambda n: (stencil_side(n) - 2) ** 2),
    (3, "grid-stride", lambda n: n),
]
CHECKED, LOOP_MODE = 1, 2  # the benchmark's rows: plain checked loop, loop mode with 1 worker
REPS = (2, 6)


def stencil_side(n: int) -> int:
    side = 4
    while (side + 1) * (side + 1) <= n:
        side += 1
    return side


def instructions(binary: Path, n: int, case: int, variant: int, reps: int, work: Path) -> int:
    out = work / f"cachegrind.{case}.{variant}.{reps}"
    p = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", f"--cachegrind-out-file={out}",
                        str(binary), str(n), "--count", str(case), str(variant), str(reps)],
                       capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"{binary.name} --count {case} {variant} {reps} failed:\n{p.stderr[-2000:]}")
    match = re.search(r"I\s+refs:\s+([\d,]+)", p.stderr)
    if not match:
        sys.exit(f"no instruction count in cachegrind's report:\n{p.stderr[-2000:]}")
    return int(match.group(1).replace(",", ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--py2cuda", type=Path, required=True)
    parser.add_argument("--work-dir", type=Path, help="where to build (default: a temporary folder)")
    parser.add_argument("--n", type=int, default=1 << 18, help="elements per kernel (default 262144)")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (Debian: apt-get install valgrind)")
    with tempfile.TemporaryDirectory() as tmp:
        work = args.work_dir or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        cxx = benchlib.host_cxx()
        if not cxx:
            sys.exit("no C++ compiler ($CXX, g++ or clang++)")
        binary, failure = benchlib.build_loop_mode_benchmark(args.py2cuda, work, cxx)
        if binary is None:
            sys.exit(failure)
        print(f"{args.n} float32 elements a kernel; instructions per element (cachegrind), "
              f"the difference of {REPS[1]} and {REPS[0]} runs of each")
        print(f"{'kernel':<18} {'checked plain':>14} {'loop mode':>10} {'ratio':>7}")
        worst = 0.0
        for case, name, elements in CASES:
            per_element = []
            for variant in (CHECKED, LOOP_MODE):
                low, high = (instructions(binary, args.n, case, variant, reps, work) for reps in REPS)
                per_element.append((high - low) / (REPS[1] - REPS[0]) / elements(args.n))
            ratio = per_element[1] / per_element[0]
            worst = max(worst, ratio)
            print(f"{name:<18} {per_element[0]:>14.1f} {per_element[1]:>10.1f} {ratio:>6.2f}x")
        print(f"worst {worst:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
