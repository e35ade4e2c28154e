# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
"""Scale a vector on the GPU, configured the way scripts configure themselves.

The module docstring is argparse's description; the environment, a module-level generator
and a config dict choose the rest.
"""
import argparse
import os
import sys
import time
import warnings

import numpy as np
from numba import cuda

rng = np.random.default_rng(42)


@cuda.jit
def scale(a, f):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= f


def sample(n):
    return rng.random(n)


def main():
    parser = argparse.ArgumentParser(prog="scale", description=__doc__)
    parser.add_argument("--n", type=int, default=int(os.environ.get("PY2CUDA_TEST_UNSET_N", "5")))
    args = parser.parse_args([])
    parser.print_help()
    home = os.getenv("PY2CUDA_TEST_UNSET_HOME")
    print("unset:", home is None, os.getenv("PY2CUDA_TEST_UNSET_HOME", "fallback"))

    cfg = {"factor": 3, "tpb": 32}
    if "factor" in cfg.keys() and 32 in cfg.values():
        print("configured:", cfg["factor"], "x", cfg["tpb"])
    print("x" in cfg.keys(), 7 not in cfg.values())

    a = sample(args.n)
    b = sample(args.n)
    d_a = cuda.to_device(a)
    scale[1, cfg["tpb"]](d_a, cfg["factor"])
    time.sleep(0)
    out = d_a.copy_to_host()
    if not np.allclose(out, 3 * a):
        warnings.warn("scaled values differ")
    print(out.round(6), b.round(6))
    warnings.warn("this run is a demo", RuntimeWarning)

    sizes = [2 ** k for k in range(3, 6)] if len(sys.argv) > 5 else [64]
    mixed = [1, 2] if len(sys.argv) > 5 else [0.5]
    x = y = [0]
    x.append(1)
    print(sizes, mixed, y, x is y)


main()
