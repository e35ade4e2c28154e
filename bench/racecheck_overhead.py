#!/usr/bin/env python3
"""What --racecheck costs: the same whole programs built with `py2cuda --exe --emulate` and with
`--exe --emulate --racecheck`, run alternately; median wall time and peak memory (max RSS) of each,
and their ratio. CPU time (user + system) is reported beside wall time: on a machine
shared with other work the wall time mostly measures the wait for a core. Two kernels: a grid-stride saxpy (loop mode: every thread's subscripts go through
the detector) and a shared-memory block reduction with barriers (fiber mode), each over 2^20
float32 elements.

    racecheck_overhead.py --py2cuda BUILD/py2cuda [--runs 5] [--work DIR]
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROGRAMS = {
    "saxpy (loop mode)": '''
import numpy as np
from numba import cuda


@cuda.jit
def saxpy(a, x, y, out):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, x.size, stride):
        out[i] = a * x[i] + y[i]


n = 1 << 20
x = np.arange(n, dtype=np.float32)
y = np.ones(n, dtype=np.float32)
out = np.zeros(n, dtype=np.float32)
saxpy[256, 256](np.float32(2.0), x, y, out)
print(out[:3])
''',
    "block reduction (fiber mode)": '''
import numpy as np
from numba import cuda, float32


@cuda.jit
def block_sum(x, out):
    buf = cuda.shared.array(256, dtype=float32)
    t = cuda.threadIdx.x
    buf[t] = x[cuda.grid(1)]
    cuda.syncthreads()
    s = 128
    while s > 0:
        if t < s:
            buf[t] += buf[t + s]
        cuda.syncthreads()
        s //= 2
    if t == 0:
        out[cuda.blockIdx.x] = buf[0]


n = 1 << 20
x = np.ones(n, dtype=np.float32)
out = np.zeros(n // 256, dtype=np.float32)
block_sum[n // 256, 256](x, out)
print(out[:3])
''',
}


def run_once(exe: Path) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak resident MiB of one run."""
    start = time.perf_counter()
    proc = subprocess.Popen([str(exe)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{exe} failed: {proc.stderr.read().decode()}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--py2cuda", type=Path, required=True)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--work", type=Path)
    args = parser.parse_args()
    py2cuda = args.py2cuda.resolve()
    work = args.work or Path(tempfile.mkdtemp(prefix="racecheck-bench-"))
    work.mkdir(parents=True, exist_ok=True)
    # The checked CPU time's spread beside its median: on a virtual machine the kernel's zeroing
    # of fresh shadow pages (huge pages above all) ranges over a factor of 2 from run to run.
    print("| program | unchecked s | --racecheck s | time ratio | unchecked CPU s | --racecheck CPU s | CPU ratio "
          "| --racecheck CPU s, min to max | unchecked MiB | --racecheck MiB | memory ratio |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for index, (name, source) in enumerate(PROGRAMS.items()):
        py = work / f"racebench{index}.py"
        py.write_text(source)
        exes = {}
        for mode, flags in (("plain", []), ("checked", ["--racecheck"])):
            exe = work / f"racebench{index}-{mode}"
            subprocess.run([str(py2cuda), py.name, "--exe", "--emulate", *flags, "-o", str(exe)],
                           cwd=work, check=True)
            exes[mode] = exe
        samples = {"plain": [], "checked": []}
        for _ in range(args.runs):
            for mode in ("plain", "checked"):
                samples[mode].append(run_once(exes[mode]))
        t = {m: statistics.median(s[0] for s in samples[m]) for m in samples}
        cpu = {m: statistics.median(s[1] for s in samples[m]) for m in samples}
        mem = {m: statistics.median(s[2] for s in samples[m]) for m in samples}
        print(f"| {name} | {t['plain']:.3f} | {t['checked']:.3f} | {t['checked'] / t['plain']:.1f}x "
              f"| {cpu['plain']:.3f} | {cpu['checked']:.3f} | {cpu['checked'] / cpu['plain']:.1f}x "
              f"| {min(s[1] for s in samples['checked']):.3f} to {max(s[1] for s in samples['checked']):.3f} "
              f"| {mem['plain']:.0f} | {mem['checked']:.0f} | {mem['checked'] / mem['plain']:.1f}x |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
