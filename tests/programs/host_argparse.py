"""argparse in host code: a kernel's sizes read from the command line, as benchmark scripts do.
The parser is built in a function and parsed from sys.argv (its runs below: no arguments, -h, bad
values, unknown options...), a second one parses literal lists (abbreviations, `--n=5`, `-b4`,
`-vvv`, `--`, nargs ?/*/+/2, const, choices, str defaults converted by type, print(args)).
"""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# py2cuda-program-args: --n 40 -b 8 --dtype float64 --check -vv a.txt b.txt
# py2cuda-program-run:
# py2cuda-program-run: -h
# py2cuda-program-run: --n x
# py2cuda-program-run: --dtype float16 --n 3
# py2cuda-program-run: --n 5 --bogus 1
# py2cuda-program-run: --sc 2.5 --n=12 one -- -two
# py2cuda-program-run: --s 1
# py2cuda-program-run: --strict
# py2cuda-program-run: --block
import argparse

import numpy as np
from numba import cuda


@cuda.jit
def scale(a, factor):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = i * factor


def parse():
    p = argparse.ArgumentParser(description="Scale a vector on the GPU and check it against NumPy. "
                                            "The sizes come from the command line, as in %(prog)s's benchmarks.",
                                epilog="Every float-point option accepts inf and 1e3.")
    p.add_argument("--n", type=int, default=16, help="vector length (default: %(default)s)")
    p.add_argument("-b", "--block", type=int, default=32, metavar="THREADS", help="threads per block")
    p.add_argument("--dtype", choices=["float32", "float64"], default="float32",
                   help="element type, one of %(choices)s; a much longer help text that has to be wrapped "
                        "over several lines by argparse's formatter")
    p.add_argument("--scale-factor", "--sc", type=float, default=0.5, dest="factor")
    p.add_argument("--check", action="store_true", help="compare with NumPy")
    p.add_argument("--strict", action="store_true", help="also run the strict parser")
    p.add_argument("-v", "--verbose", action="count", help="more output")
    p.add_argument("--limit", type=float, help="an optional bound")
    p.add_argument("files", nargs="*", help="input files")
    return p.parse_args()


def strict_parser():
    q = argparse.ArgumentParser(prog="strict")
    q.add_argument("size", type=int)
    q.add_argument("--mode", required=True, choices=["fast", "exact"])
    return q


def literal_lists():
    r = argparse.ArgumentParser(prog="lists")
    r.add_argument("--max-iter", type=int, default="7")
    r.add_argument("--tol", type=float, default=1e-6)
    r.add_argument("-q", action="store_false", dest="loud")
    r.add_argument("-v", action="count", default=0)
    r.add_argument("--pair", nargs=2, type=int, default=[1, 2])
    r.add_argument("--opt", nargs="?", const="flag", default="none")
    r.add_argument("--level", type=int, choices=[1, 2, 4])
    r.add_argument("--names", nargs="+")
    r.add_argument("src")
    r.add_argument("dst", nargs="?", default="out.bin")
    print(r.format_usage(), end="")
    show(r.parse_args(["in.dat"]))
    show(r.parse_args(["in.dat", "x.bin", "--max-i", "3", "--tol=1e-3"]))
    show(r.parse_args(["-vvv", "-q", "--pair", "5", "6", "a"]))
    show(r.parse_args(["--opt", "--level", "4", "a"]))
    show(r.parse_args(["--opt", "val", "--names", "x", "y", "--", "-z"]))
    show(r.parse_args(["-v", "-10"]))


def show(args):
    print(args)
    print(args.max_iter + 1, args.tol * 2, args.loud, args.v, args.pair, args.opt, args.level, args.names,
          args.src, args.dst)


if __name__ == "__main__":
    args = parse()
    n = args.n
    a = np.zeros(n)
    threads = args.block
    blocks = (n + threads - 1) // threads
    scale[blocks, threads](a, args.factor)
    print("n =", n, "block =", threads, "dtype =", args.dtype, "factor =", args.factor)
    print("files:", args.files, len(args.files), "verbose:", args.verbose, "limit:", args.limit)
    if args.verbose is not None and args.verbose > 1:
        print(args)
    if args.check:
        expected = np.arange(n) * args.factor
        print("matches NumPy:", np.allclose(a, expected), a[:4])
        literal_lists()
    if args.limit is not None:
        print("limit doubled:", args.limit * 2)
    if args.strict:
        strict_parser().parse_args([])
