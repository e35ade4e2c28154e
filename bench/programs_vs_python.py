#!/usr/bin/env python3
"""Benchmark: whole programs run by py2cuda against the same Python program run by Numba.

Two comparisons, each against a reference measured in the same run:

  end to end  a course program (default samples/transpose_shared.py and samples/hypot_kernel.py)
              as a user runs it: `py2cuda X.py --run --emulate` (translate, build for the CPU
              emulation, run) with an empty build cache, then again from the cache, against
              `NUMBA_ENABLE_CUDASIM=1 python X.py` (Numba's CUDA simulator);
  binary      the executable of a CPU @jit program (default bench/programs/cpu_jit_loops.py),
              built once by `py2cuda X.py --exe -o BIN --emulate` and run alone, against
              `python X.py` (Numba compiling the @jit functions for the CPU and running them).

Every time is a whole process, start-up included: that is what the user waits for. Each
program's standard output must be the same both ways; a difference is printed as a note.
Prints ratios python / py2cuda with their geometric means.

This script needs only the standard library; the Python side runs under --python, which must
have numba (and numba-cuda for the simulator) installed.
"""

import argparse
import json
import os
import sys
import tempfile

import benchlib

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
DEFAULT_END_TO_END = ["samples/transpose_shared.py", "samples/hypot_kernel.py"]
DEFAULT_CPU_PROGRAMS = ["bench/programs/cpu_jit_loops.py"]


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--py2cuda", required=True, help="the py2cuda executable")
    parser.add_argument("--python", default=sys.executable,
                        help="Python with numba + numba-cuda (default: this one)")
    parser.add_argument("--program", action="append", dest="programs",
                        help="a CUDA program for the end-to-end comparison (repeatable; default: "
                             + ", ".join(DEFAULT_END_TO_END) + ")")
    parser.add_argument("--cpu-program", action="append", dest="cpu_programs",
                        help="a CPU @jit program for the binary comparison (repeatable; default: "
                             + ", ".join(DEFAULT_CPU_PROGRAMS) + ")")
    parser.add_argument("--runs", type=int, default=3,
                        help="timed runs of each cached or repeatable command (median; default 3)")
    parser.add_argument("--json", help="also write all measurements to this file")
    return parser.parse_args()


def run_timed(argv, env=None, cwd=None):
    """(seconds, CompletedProcess) of one run."""
    return benchlib.time_command(argv, env=env, cwd=cwd)


def median_run(argv, runs, env=None, cwd=None):
    """(median seconds, stdout of the last run); raises CommandFailed on a non-zero exit."""
    times, out = [], ""
    for _ in range(runs):
        seconds, proc = run_timed(argv, env=env, cwd=cwd)
        if proc.returncode != 0:
            raise benchlib.CommandFailed(argv, proc)
        times.append(seconds)
        out = proc.stdout
    return benchlib.median(times), out


def ratio(reference, measured):
    return reference / measured if reference and measured else None


def end_to_end(args, program, notes):
    """Simulator against py2cuda --run, first (empty cache) and cached."""
    path = os.path.join(REPO, program) if not os.path.isabs(program) else program
    folder, name = os.path.dirname(path), os.path.basename(path)
    row = {"program": program}
    sim_env = dict(os.environ, NUMBA_ENABLE_CUDASIM="1")
    try:
        row["simulator_s"], sim_out = median_run([args.python, name], args.runs, env=sim_env, cwd=folder)
    except benchlib.CommandFailed as e:
        notes.append(f"{program}: the simulator failed: {e}")
        sim_out = None
    with tempfile.TemporaryDirectory(prefix="py2cuda-bench-cache-") as cache:
        env = dict(os.environ, PY2CUDA_CACHE_DIR=os.path.join(cache, "cache"))
        argv = [args.py2cuda, path, "--run", "--emulate"]
        seconds, proc = run_timed(argv, env=env)
        if proc.returncode != 0:
            notes.append(f"{program}: py2cuda --run failed: {benchlib.first_lines(proc.stderr)}")
            return row
        row["first_s"] = seconds
        try:
            row["cached_s"], out = median_run(argv, args.runs, env=env)
        except benchlib.CommandFailed as e:
            notes.append(f"{program}: the cached run failed: {e}")
            out = proc.stdout
    if sim_out is not None and out != sim_out:
        notes.append(f"{program}: py2cuda's output differs from the simulator's")
    row["first_ratio"] = ratio(row.get("simulator_s"), row.get("first_s"))
    row["cached_ratio"] = ratio(row.get("simulator_s"), row.get("cached_s"))
    return row


def binary(args, program, work, notes):
    """The executable py2cuda builds against `python X.py` with Numba's CPU compiler."""
    path = os.path.join(REPO, program) if not os.path.isabs(program) else program
    folder, name = os.path.dirname(path), os.path.basename(path)
    row = {"program": program}
    exe = os.path.join(work, os.path.splitext(name)[0])
    seconds, proc = run_timed([args.py2cuda, path, "--exe", "-o", exe, "--emulate"])
    if proc.returncode != 0:
        notes.append(f"{program}: py2cuda --exe failed: {benchlib.first_lines(proc.stderr)}")
        return row
    row["build_s"] = seconds
    env = dict(os.environ)
    env.pop("NUMBA_ENABLE_CUDASIM", None)
    try:
        row["python_s"], py_out = median_run([args.python, name], args.runs, env=env, cwd=folder)
    except benchlib.CommandFailed as e:
        notes.append(f"{program}: python failed: {e}")
        py_out = None
    try:
        row["binary_s"], out = median_run([exe], args.runs)
    except benchlib.CommandFailed as e:
        notes.append(f"{program}: the executable failed: {e}")
        return row
    if py_out is not None and out != py_out:
        notes.append(f"{program}: the executable's output differs from python's")
    row["ratio"] = ratio(row.get("python_s"), row.get("binary_s"))
    return row


def seconds_text(s):
    return "n/a" if s is None else f"{s:.2f}"


def main():
    args = parse_args()
    programs = args.programs or DEFAULT_END_TO_END
    cpu_programs = args.cpu_programs or DEFAULT_CPU_PROGRAMS
    notes, status = [], 0

    print("end to end: `py2cuda X.py --run --emulate` (first: empty build cache; cached: again)")
    print("against `NUMBA_ENABLE_CUDASIM=1 python X.py`; seconds, whole processes")
    e2e = [end_to_end(args, p, notes) for p in programs]
    benchlib.print_table(
        ["program", "simulator s", "py2cuda first s", "py2cuda cached s", "sim / first", "sim / cached"],
        [[r["program"], seconds_text(r.get("simulator_s")), seconds_text(r.get("first_s")),
          seconds_text(r.get("cached_s")), benchlib.format_ratio(r.get("first_ratio")),
          benchlib.format_ratio(r.get("cached_ratio"))] for r in e2e])
    for key, label in (("first_ratio", "first"), ("cached_ratio", "cached")):
        g = benchlib.geomean(r[key] for r in e2e if r.get(key))
        print(f"geometric mean sim / {label}: {benchlib.format_ratio(g)}")

    print()
    print("binary: the executable of `py2cuda X.py --exe -o BIN --emulate` against `python X.py`")
    print("(Numba's CPU compiler: start-up, import, compilation and run); seconds, whole processes")
    cpu = []
    with tempfile.TemporaryDirectory(prefix="py2cuda-bench-exe-") as work:
        cpu = [binary(args, p, work, notes) for p in cpu_programs]
    benchlib.print_table(
        ["program", "build s", "python s", "binary s", "python / binary"],
        [[r["program"], seconds_text(r.get("build_s")), seconds_text(r.get("python_s")),
          seconds_text(r.get("binary_s")), benchlib.format_ratio(r.get("ratio"))] for r in cpu])
    g = benchlib.geomean(r["ratio"] for r in cpu if r.get("ratio"))
    print(f"geometric mean python / binary: {benchlib.format_ratio(g)}")

    for note in notes:
        print(f"note: {note}")
    if notes:
        status = 1
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"end_to_end": e2e, "binary": cpu}, f, indent=2)
    return status


if __name__ == "__main__":
    sys.exit(main())
