"""Small helpers shared by the py2cuda benchmarks (standard library only).

The benchmark drivers run under any python3; only the Numba worker needs a
Python with numba installed, so nothing here may import third-party modules.
"""

import math
import os
import shutil
import statistics
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def median(values):
    return statistics.median(values)


def geomean(values):
    """Geometric mean: the right average for ratios (2x and 0.5x cancel out)."""
    values = list(values)
    if not values:
        return None
    return math.exp(sum(math.log(v) for v in values) / len(values))


def time_command(argv, **kwargs):
    """Run argv once; return (seconds, CompletedProcess).

    The time includes process creation, which is part of what a build system
    pays for every invocation, so it is kept on purpose.
    """
    start = time.perf_counter()
    proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, **kwargs)
    return time.perf_counter() - start, proc


class CommandFailed(Exception):
    def __init__(self, argv, proc):
        self.argv = argv
        self.proc = proc
        super().__init__(f"exit code {proc.returncode}: {first_lines(proc.stderr or proc.stdout)}")


def first_lines(text, count=3):
    lines = [line for line in (text or "").splitlines() if line.strip()]
    shown = " | ".join(lines[:count])
    return shown if shown else "(no output)"


def timed_runs(argv, min_total_s=1.0, min_runs=5, max_runs=10000):
    """Run argv until both min_runs runs and min_total_s seconds are reached.

    One untimed warm-up run first fills the OS page cache, so the first timed
    run is not the only one paying for reading the binary from disk.
    Returns the list of per-run seconds; raises CommandFailed on a non-zero exit.
    """
    _, proc = time_command(argv)
    if proc.returncode != 0:
        raise CommandFailed(argv, proc)
    times = []
    while len(times) < max_runs and (len(times) < min_runs or sum(times) < min_total_s):
        seconds, proc = time_command(argv)
        if proc.returncode != 0:
            raise CommandFailed(argv, proc)
        times.append(seconds)
    return times


def median_of(argv, repeats):
    """Median seconds of `repeats` runs (no warm-up); raises CommandFailed."""
    times = []
    for _ in range(repeats):
        seconds, proc = time_command(argv)
        if proc.returncode != 0:
            raise CommandFailed(argv, proc)
        times.append(seconds)
    return median(times)


def format_ms(seconds):
    return "n/a" if seconds is None else f"{seconds * 1e3:.2f}"


def format_ratio(ratio):
    return "n/a" if ratio is None else f"{ratio:.1f}x"


def print_table(header, rows):
    """Print rows as an aligned text table; the first column is left-aligned."""
    table = [header] + [[str(cell) for cell in row] for row in rows]
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]

    def line(row):
        cells = [row[0].ljust(widths[0])]
        cells += [cell.rjust(width) for cell, width in zip(row[1:], widths[1:])]
        return "  ".join(cells)

    print(line(table[0]))
    print("  ".join("-" * width for width in widths))
    for row in table[1:]:
        print(line(row))


def host_cxx():
    """The host C++ compiler, as the tests find it: $CXX, else g++, else clang++; None if none."""
    return os.environ.get("CXX") or shutil.which("g++") or shutil.which("clang++")


def build_loop_mode_benchmark(py2cuda, work, cxx):
    """bench/loop_mode_vs_plain_cpp.cpp built in WORK as bench/run_all.sh builds it: py2cuda's
    translation of bench/loop_mode_kernels.py (--kernels-only), included by the benchmark, compiled
    with the emulated build's flags. Returns (the executable, "") or (None, what failed)."""
    work = Path(work)
    translate = subprocess.run([str(py2cuda), str(ROOT / "bench" / "loop_mode_kernels.py"), "--kernels-only",
                                "-o", str(work / "loop_mode_kernels.cu"), "--header", str(work / "loop_mode_kernels.h")],
                               capture_output=True, text=True)
    if translate.returncode != 0:
        return None, f"translating bench/loop_mode_kernels.py:\n{translate.stderr}"
    binary = work / "loop_mode_vs_plain_cpp"
    build = subprocess.run([str(cxx), "-std=c++20", "-O2", "-fwrapv", "-fno-math-errno", "-I",
                            str(ROOT / "runtime" / "include"), "-I", str(work),
                            str(ROOT / "bench" / "loop_mode_vs_plain_cpp.cpp"), "-o", str(binary),
                            "-lboost_context", "-pthread"], capture_output=True, text=True)
    if build.returncode != 0:
        return None, f"building the benchmark:\n{build.stderr[-4000:]}"
    return binary, ""
