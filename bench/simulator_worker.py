"""Time launches of the emulation_cases kernels in Numba's CUDA simulator; write JSON.

Usage: NUMBA_ENABLE_CUDASIM=1 PYTHON_WITH_NUMBA simulator_worker.py --json OUT.json
                                  [--min-time 0.3] [--max-n N] [--repeats 2] [KERNEL ...]

emulation_vs_simulator.py starts this once for all cases. For each case the
kernel's file is executed as a module (not as __main__, so its host code does
not run), its inputs are built from the same patterns the emulation's .npy
files hold, copied to the (simulated) device, and the launch
`kernel[grid, block](args)` plus `cuda.synchronize()` is timed.

The simulator runs every CUDA thread as a Python thread: 0.1-5 ms per thread,
so the sizes the emulation is timed on would take minutes. The size is found
instead: n starts at four blocks' worth of elements and doubles until one
launch takes at least --min-time (or n reaches --max-n); that launch and
--repeats - 1 more of the same size are kept. The JSON holds n, every time and
the minimum: the simulator at its fastest, the conservative side of a ratio
against the emulation. The driver scales it per element.
"""

import argparse
import json
import os
import runpy
import sys
import time
import traceback

import numba
import numpy as np
from numba import cuda

import emulation_cases as cases

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kernels", nargs="*", help="kernels to time (default: every case)")
    parser.add_argument("--min-time", type=float, default=0.3,
                        help="least seconds of the launch that is kept (default 0.3)")
    parser.add_argument("--max-n", type=int, default=1 << 16,
                        help="most elements per array, whatever the time (default 65536)")
    parser.add_argument("--repeats", type=int, default=2,
                        help="launches timed at the final size (default 2)")
    parser.add_argument("--json", required=True, help="where to write the result")
    return parser.parse_args()


def device_arguments(case, n):
    args = []
    for arg in case.args:
        if isinstance(arg, cases.Input):
            host = np.fromiter((cases.pattern_value(arg.pattern, i) for i in range(n)),
                               dtype=np.float32, count=n)
            args.append(cuda.to_device(host))
        elif isinstance(arg, cases.Output):
            args.append(cuda.to_device(np.zeros(n // arg.per, dtype=np.float32)))
        else:
            args.append(np.float32(float(arg.text)))
    return args


def time_launch(case, module, n):
    """Seconds of one launch of the case's kernel on n elements."""
    args = device_arguments(case, n)
    launch = module[case.kernel][case.grid(n), case.block]
    start = time.perf_counter()
    launch(*args)
    cuda.synchronize()
    return time.perf_counter() - start


def time_case(case, args):
    """(n, [seconds of each launch at n]): see the module's docstring."""
    module = runpy.run_path(os.path.join(REPO, case.source), run_name="simulator_bench")
    n = 4 * case.block * case.per_thread
    seconds = time_launch(case, module, n)
    while seconds < args.min_time and 2 * n <= args.max_n:
        n *= 2
        seconds = time_launch(case, module, n)
    return n, [seconds] + [time_launch(case, module, n) for _ in range(args.repeats - 1)]


def main():
    args = parse_args()
    if not numba.config.ENABLE_CUDASIM:  # a real GPU (or none): not what is measured here
        print("simulator_worker.py: set NUMBA_ENABLE_CUDASIM=1", file=sys.stderr)
        return 2
    results = {}
    for case in cases.CASES:
        if args.kernels and case.kernel not in args.kernels:
            continue
        try:
            n, times = time_case(case, args)
            results[case.kernel] = {"n": n, "seconds": min(times), "all": times, "error": None}
        except Exception as exc:  # reported per case; the others still run
            last = traceback.format_exception_only(type(exc), exc)[-1].strip()
            results[case.kernel] = {"n": None, "seconds": None, "all": [], "error": last}
    with open(args.json, "w", encoding="utf-8") as out:
        json.dump(results, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
