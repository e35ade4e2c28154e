#!/usr/bin/env python3
"""Benchmark: py2cuda's CPU emulation against Numba's CUDA simulator, same launches.

For each case of emulation_cases.py (elementwise kernels, a grid-stride loop,
and a shared-memory reduction with barriers, which the emulation runs as
fibers), prints how long the launch takes

  simulator  under NUMBA_ENABLE_CUDASIM=1 (simulator_worker.py): timed on a
             size where one launch takes --sim-min-time, and scaled per
             element to --n: the simulator is far too slow to run --n itself;
  emulation  as a harness executable built by `py2cuda FILE.py --exe --emulate`,
             on --n elements: the whole process (reading the .npy inputs,
             copying, launching; nothing is written back), and the kernel
             alone, estimated as the whole process minus the same process
             with the launch refused (see reference_argv);

and the ratios simulator / emulation, with their geometric means.

This script needs only the standard library; the simulator side runs under
--python, which must have numba and numba-cuda installed.
"""

import argparse
import array
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile

import benchlib
import emulation_cases as cases
import npy_write

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
WORKER = os.path.join(HERE, "simulator_worker.py")
TARGET_RATIO = 1000.0

# More dynamic shared memory than a kernel may use: the emulation's launch
# refuses it after the harness has read and copied every argument and before
# any thread runs, which makes a process identical to the timed one minus the
# kernel. The message is checked, so a runtime that changes this is noticed.
REFUSED_SHARED_BYTES = "1000000"
REFUSAL_TEXT = "bytes of dynamic shared memory"


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kernels", nargs="*", help="kernels to measure (default: every case)")
    parser.add_argument("--py2cuda", required=True, help="the py2cuda executable")
    parser.add_argument("--python", default=sys.executable,
                        help="Python with numba + numba-cuda (default: this one)")
    parser.add_argument("--n", type=int, default=1 << 20,
                        help="elements per array for the emulation (default 1048576)")
    parser.add_argument("--runs", type=int, default=9,
                        help="emulated processes of each kind per case (default 9)")
    parser.add_argument("--sim-min-time", type=float, default=0.3,
                        help="least seconds of the simulator launch that is scaled (default 0.3)")
    parser.add_argument("--emu-threads", help="PY2CUDA_EMU_THREADS for the emulation "
                        "(default: the runtime's, one OS thread per core)")
    parser.add_argument("--work-dir", help="where the executables and .npy files go "
                        "(default: a temporary folder, removed afterwards)")
    parser.add_argument("--rebuild", action="store_true",
                        help="build the executables in --work-dir even where they are up to date")
    parser.add_argument("--json", help="also write all measurements to this file")
    return parser.parse_args()


# ---------------------------------------------------------------- inputs and builds

def write_inputs(work, n, selected):
    """Writes the .npy files the cases need; returns {Input/Output: path}."""
    paths = {}
    for case in selected:
        for arg in case.args:
            if arg in paths or isinstance(arg, cases.Scalar):
                continue
            if isinstance(arg, cases.Input):
                values = array.array("f", (cases.pattern_value(arg.pattern, i) for i in range(n)))
                path = os.path.join(work, f"in_{arg.pattern}.npy")
            else:
                values = array.array("f", bytes(4 * (n // arg.per)))
                path = os.path.join(work, f"out_{arg.per}.npy")
            npy_write.write(path, values)
            paths[arg] = path
    return paths


def newest_mtime(paths):
    """The latest modification time of the files named, and of those under folders named."""
    newest = 0.0
    for path in paths:
        if os.path.isdir(path):
            for folder, _, files in os.walk(path):
                newest = max([newest] + [os.path.getmtime(os.path.join(folder, f)) for f in files])
        elif os.path.exists(path):
            newest = max(newest, os.path.getmtime(path))
    return newest


def build_executables(args, work, selected):
    """{source: (executable, None) or (None, error)}; two builds at a time (two cores).

    An executable already in `work` is kept when it is newer than py2cuda, its
    Python file and every runtime header (each build takes g++ several seconds):
    rerunning the benchmark then measures without rebuilding. --rebuild forces it.
    """
    runtime = [os.path.join(REPO, "runtime", "include"), os.environ.get("PY2CUDA_RUNTIME_INCLUDE", "")]
    inputs_mtime = newest_mtime([args.py2cuda, *runtime])

    def build(source):
        exe = os.path.join(work, os.path.splitext(os.path.basename(source))[0])
        source_path = os.path.join(REPO, source)
        if (not args.rebuild and os.path.exists(exe)
                and os.path.getmtime(exe) > max(inputs_mtime, os.path.getmtime(source_path))):
            return exe, None
        argv = [args.py2cuda, source_path, "--exe", "--emulate", "-o", exe]
        proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if proc.returncode != 0:
            return None, f"--exe --emulate failed ({proc.returncode}): {benchlib.first_lines(proc.stderr)}"
        return exe, None

    sources = sorted({case.source for case in selected})
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        return dict(zip(sources, pool.map(build, sources)))


# ---------------------------------------------------------------- the two sides

def measure_simulator(args, selected):
    """{kernel: worker result}, or {kernel: {"error": ...}} for all when it cannot run."""
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM="1")
    with tempfile.TemporaryDirectory(prefix="sim-bench-") as tmp:
        out = os.path.join(tmp, "result.json")
        argv = [args.python, WORKER, "--json", out, "--min-time", str(args.sim_min_time),
                *[case.kernel for case in selected]]
        proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        if not os.path.exists(out):
            error = f"simulator worker exit {proc.returncode}: {benchlib.first_lines(proc.stderr)}"
            return {case.kernel: {"error": error} for case in selected}
        with open(out, encoding="utf-8") as handle:
            return json.load(handle)


def launch_argv(exe, case, n, paths):
    argv = [exe, case.kernel, "--grid", str(case.grid(n)), "--block", str(case.block)]
    for arg in case.args:
        argv.append(arg.text if isinstance(arg, cases.Scalar) else paths[arg])
    return argv


def reference_argv(argv):
    """The same process with the launch refused: everything but the kernel runs."""
    return argv[:2] + ["--shared", REFUSED_SHARED_BYTES] + argv[2:]


def measure_emulation(exe, case, args, paths, env):
    """Returns a dict: whole_s, kernel_s (medians; see the module docstring), error."""
    full = launch_argv(exe, case, args.n, paths)
    reference = reference_argv(full)
    # Untimed: checks both kinds of process behave as expected, and fills the page cache.
    _, proc = benchlib.time_command(full, env=env)
    if proc.returncode != 0:
        return {"error": f"exit {proc.returncode}: {benchlib.first_lines(proc.stderr)}"}
    _, proc = benchlib.time_command(reference, env=env)
    if proc.returncode != 1 or REFUSAL_TEXT not in proc.stderr:
        return {"error": "the launch refused with --shared did not fail as expected "
                         f"(exit {proc.returncode}: {benchlib.first_lines(proc.stderr)})"}
    whole, bare = [], []
    for _ in range(args.runs):  # interleaved, so a change in the machine's load hits both
        whole.append(benchlib.time_command(full, env=env)[0])
        bare.append(benchlib.time_command(reference, env=env)[0])
    whole_s, bare_s = benchlib.median(whole), benchlib.median(bare)
    return {"whole_s": whole_s, "bare_s": bare_s, "kernel_s": whole_s - bare_s, "error": None}


# ---------------------------------------------------------------- report

def ratio(numerator, denominator):
    return numerator / denominator if numerator and denominator and denominator > 0 else None


def verdict(value):
    if value is None:
        return "n/a"
    return f"{value:.0f}x ({'meets' if value >= TARGET_RATIO else 'below'} the {TARGET_RATIO:.0f}x target)"


def format_count(value):
    return "n/a" if value is None else f"{value:.0f}x"


def main():
    args = parse_args()
    selected = [case for case in cases.CASES if not args.kernels or case.kernel in args.kernels]
    if not selected:
        print(f"no case named {' '.join(args.kernels)}; cases: {' '.join(c.kernel for c in cases.CASES)}")
        return 2
    env = dict(os.environ)
    if args.emu_threads:
        env["PY2CUDA_EMU_THREADS"] = args.emu_threads

    with tempfile.TemporaryDirectory(prefix="emu-bench-") as tmp:
        work = args.work_dir or tmp
        os.makedirs(work, exist_ok=True)
        print("building the emulated harness executables ...", file=sys.stderr, flush=True)
        builds = build_executables(args, work, selected)
        paths = write_inputs(work, args.n, selected)
        print("timing the simulator ...", file=sys.stderr, flush=True)
        simulator = measure_simulator(args, selected)
        records, notes, rows = [], [], []
        for case in selected:
            print(f"timing the emulation of {case.kernel} ...", file=sys.stderr, flush=True)
            exe, build_error = builds[case.source]
            emu = measure_emulation(exe, case, args, paths, env) if exe else {"error": build_error}
            sim = simulator.get(case.kernel, {"error": "not measured"})
            if emu["error"]:
                notes.append(f"{case.kernel}: emulation: {emu['error']}")
            if sim.get("error"):
                notes.append(f"{case.kernel}: simulator: {sim['error']}")
            sim_scaled = sim["seconds"] / sim["n"] * args.n if sim.get("seconds") else None
            record = {"kernel": case.kernel, "source": case.source, "n": args.n,
                      "mode": "fibers" if case.fibers else "loop",
                      "sim_n": sim.get("n"), "sim_measured_s": sim.get("seconds"),
                      "sim_scaled_s": sim_scaled, "emu_whole_s": emu.get("whole_s"),
                      "emu_bare_s": emu.get("bare_s"), "emu_kernel_s": emu.get("kernel_s"),
                      "ratio_whole": ratio(sim_scaled, emu.get("whole_s")),
                      "ratio_kernel": ratio(sim_scaled, emu.get("kernel_s"))}
            records.append(record)
            kernel_s = record["emu_kernel_s"]
            rows.append([case.kernel, record["mode"], sim.get("n") or "-",
                         benchlib.format_ms(sim_scaled), benchlib.format_ms(record["emu_whole_s"]),
                         benchlib.format_ms(kernel_s),
                         "n/a" if kernel_s is None else f"{kernel_s / args.n * 1e9:.1f}",
                         format_count(record["ratio_whole"]), format_count(record["ratio_kernel"])])

    print(f"n = {args.n} elements per array; emulation threads: "
          f"{args.emu_threads or 'runtime default'}")
    print("simulator ms: measured at `sim n` elements, scaled linearly to n; "
          "emulation: median of", args.runs, "processes")
    print()
    benchlib.print_table(["kernel", "mode", "sim n", "simulator ms", "emu whole ms", "emu kernel ms",
                          "emu ns/elem", "ratio whole", "ratio kernel"], rows)
    whole_mean = benchlib.geomean(r["ratio_whole"] for r in records if r["ratio_whole"])
    kernel_mean = benchlib.geomean(r["ratio_kernel"] for r in records if r["ratio_kernel"])
    print()
    print(f"geometric mean ratio simulator/emulation, whole process: {verdict(whole_mean)}")
    print(f"geometric mean ratio simulator/emulation, kernel only:   {verdict(kernel_mean)}")
    for record in records:
        if record["emu_kernel_s"] is not None and record["emu_kernel_s"] <= 0:
            notes.append(f"{record['kernel']}: the kernel's time is lost in the noise of the "
                         "process around it; try a larger --n")
    for note in notes:
        print(f"note: {note}")

    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"cases": records, "geomean_whole": whole_mean, "geomean_kernel": kernel_mean},
                      out, indent=1)
    return 1 if notes else 0


if __name__ == "__main__":
    sys.exit(main())
