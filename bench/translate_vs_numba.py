#!/usr/bin/env python3
"""Benchmark: py2cuda translation time against Numba's own compile to PTX.

For each sample, prints how long `py2cuda SAMPLE.py -o OUT.cu` takes (median
of an adaptive number of runs) and how long Numba takes to compile the same
kernels (see numba_compile_worker.py), and the ratio numba / py2cuda.

Numba is measured two ways, both in milliseconds of compile only (Python start
and `import numba` are excluded):
  cold  the first compile in a fresh process: what a user's script waits for
        each time it starts (Numba's one-time set-up included);
  warm  the same kernels compiled again in that process from new dispatchers:
        Numba's steady-state compiler speed, the conservative comparison.
py2cuda is always a fresh process, so its time includes its own start-up.

This script needs only the standard library; the Numba side runs under
--python, which must have numba and numba-cuda installed (no GPU needed).
"""

import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile

import benchlib

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
WORKER = os.path.join(HERE, "numba_compile_worker.py")
TARGET_RATIO = 100.0


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("samples", nargs="*",
                        help="Python files (default: samples/*.py of the repository)")
    parser.add_argument("--py2cuda", required=True, help="the py2cuda executable")
    parser.add_argument("--python", default=sys.executable,
                        help="Python with numba + numba-cuda (default: this one)")
    parser.add_argument("--repeats", type=int, default=3,
                        help="fresh Numba processes per sample; cold = their median (default 3)")
    parser.add_argument("--warm", type=int, default=3,
                        help="warm recompiles per Numba process (default 3)")
    parser.add_argument("--cc", default="8.0", help="compute capability for Numba (default 8.0)")
    parser.add_argument("--min-time", type=float, default=1.0,
                        help="least total seconds of py2cuda runs per sample (default 1)")
    parser.add_argument("--min-runs", type=int, default=5,
                        help="least py2cuda runs per sample (default 5)")
    parser.add_argument("--json", help="also write all measurements to this file")
    return parser.parse_args()


def worker_env():
    env = dict(os.environ)
    # The simulator replaces the compiler with a Python interpreter: never time it.
    env.pop("NUMBA_ENABLE_CUDASIM", None)
    # numba-cuda finds libNVVM and libdevice through CUDA_HOME (or guesses it
    # from where libnvrtc lives); say it plainly when the toolkit is the usual one.
    if "CUDA_HOME" not in env and os.path.isdir("/usr/local/cuda"):
        env["CUDA_HOME"] = "/usr/local/cuda"
    return env


def numba_versions(python):
    """'numba X, numba-cuda Y', or None when `python` cannot import numba.cuda."""
    probe = ("import importlib.metadata as m, numba.cuda;"
             "print('numba', m.version('numba') + ', numba-cuda', m.version('numba-cuda'))")
    proc = subprocess.run([python, "-c", probe], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, env=worker_env())
    return proc.stdout.strip() if proc.returncode == 0 else None


def measure_py2cuda(py2cuda, sample, args):
    """(median seconds per translation, None) or (None, error message)."""
    with tempfile.TemporaryDirectory(prefix="py2cuda-bench-") as tmp:
        argv = [py2cuda, sample, "-o", os.path.join(tmp, "out.cu")]
        try:
            times = benchlib.timed_runs(argv, args.min_time, args.min_runs)
        except (benchlib.CommandFailed, OSError) as exc:
            return None, f"py2cuda failed: {exc}"
    return benchlib.median(times), None


def measure_numba(sample, args):
    """Returns a dict: cold_s, warm_s (medians), compiled, error."""
    colds, warms, compiled = [], [], []
    with tempfile.TemporaryDirectory(prefix="numba-bench-") as tmp:
        out = os.path.join(tmp, "result.json")
        for _ in range(args.repeats):
            argv = [args.python, WORKER, sample, "--json", out,
                    "--cc", args.cc, "--warm", str(args.warm)]
            proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  text=True, env=worker_env())
            if not os.path.exists(out):
                return {"error": f"worker exit {proc.returncode}: {benchlib.first_lines(proc.stderr)}"}
            with open(out, encoding="utf-8") as handle:
                result = json.load(handle)
            os.remove(out)
            if result.get("error"):
                return {"error": result["error"]}
            if not result["compiled"]:
                return {"error": "no CUDA kernel with a signature to compile"}
            colds.append(result["cold_s"])
            warms.extend(result["warm_s"])
            compiled = result["compiled"]
    return {"cold_s": benchlib.median(colds),
            "warm_s": benchlib.median(warms) if warms else None,
            "compiled": compiled, "error": None}


def ratio(numerator, denominator):
    return numerator / denominator if numerator and denominator else None


def verdict(value):
    if value is None:
        return "n/a"
    return f"{value:.1f}x ({'meets' if value >= TARGET_RATIO else 'below'} the {TARGET_RATIO:.0f}x target)"


def main():
    args = parse_args()
    samples = args.samples or sorted(glob.glob(os.path.join(REPO, "samples", "*.py")))
    if not samples:
        print("no samples to measure (samples/*.py is empty)")
        return 1

    versions = numba_versions(args.python)
    print(f"py2cuda: {args.py2cuda}")
    print(f"numba:   {args.python} ({versions or 'cannot import numba.cuda: Numba side skipped'}),"
          f" PTX for sm_{args.cc.replace('.', '')}")
    floor = benchlib.median(benchlib.timed_runs(["true"], 0.2, args.min_runs))
    print(f"floor:   starting a trivial process (`true`) takes {benchlib.format_ms(floor)} ms"
          " here; py2cuda times include this")
    print(flush=True)

    rows, notes, records = [], [], []
    for sample in samples:
        name = os.path.basename(sample)
        print(f"measuring {name} ...", file=sys.stderr, flush=True)
        p2c_s, p2c_error = measure_py2cuda(args.py2cuda, sample, args)
        if p2c_error:
            notes.append(f"{name}: {p2c_error}")
        numba = measure_numba(sample, args) if versions else {"error": "numba not available"}
        if numba["error"]:
            notes.append(f"{name}: numba: {numba['error']}")
        cold, warm = numba.get("cold_s"), numba.get("warm_s")
        record = {"sample": name, "py2cuda_s": p2c_s, "numba_cold_s": cold,
                  "numba_warm_s": warm, "numba_compiled": numba.get("compiled", []),
                  "ratio_cold": ratio(cold, p2c_s), "ratio_warm": ratio(warm, p2c_s)}
        records.append(record)
        rows.append([name, len(record["numba_compiled"]) or "-", benchlib.format_ms(p2c_s),
                     benchlib.format_ms(cold), benchlib.format_ms(warm),
                     benchlib.format_ratio(record["ratio_cold"]),
                     benchlib.format_ratio(record["ratio_warm"])])

    benchlib.print_table(["sample", "compiled", "py2cuda ms", "numba cold ms", "numba warm ms",
                          "cold ratio", "warm ratio"], rows)
    cold_mean = benchlib.geomean(r["ratio_cold"] for r in records if r["ratio_cold"])
    warm_mean = benchlib.geomean(r["ratio_warm"] for r in records if r["ratio_warm"])
    print()
    print(f"geometric mean ratio numba/py2cuda, cold: {verdict(cold_mean)}")
    print(f"geometric mean ratio numba/py2cuda, warm: {verdict(warm_mean)}")
    for note in notes:
        print(f"note: {note}")

    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"numba": versions, "cc": args.cc, "samples": records,
                       "geomean_cold": cold_mean, "geomean_warm": warm_mean}, out, indent=1)
    return 1 if notes else 0


if __name__ == "__main__":
    sys.exit(main())
