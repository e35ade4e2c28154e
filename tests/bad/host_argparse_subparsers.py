# expect: 11:5: error: kernel 'fill' has no type signature and the host code, whose launches would type it, is not translated (ArgumentParser.add_subparsers() is not supported by py2cuda (add_argument, parse_args, print_help, print_usage, format_help, format_usage and error are))
# argparse subparsers are not translated: a warning in host code (no main()), so the kernel the
# program launches after parsing has no types.
import argparse

import numpy as np
from numba import cuda


@cuda.jit
def fill(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = i


parser = argparse.ArgumentParser(description="fill a vector")
commands = parser.add_subparsers(dest="command")
run = commands.add_parser("run")
run.add_argument("--n", type=int, default=100)
args = parser.parse_args()
a = np.zeros(args.n, dtype=np.int64)
fill[4, 32](a)
print(a.sum())
