#!/usr/bin/env python3
"""Benchmark: how py2cuda's translation time grows with the size of the file.

The same 11-line kernel repeated to about 1,000 and to about 20,000 lines (each
copy a kernel of its own), each translated by `py2cuda FILE -o OUT.cu` (median of
an adaptive number of runs). Prints both times, the time per 1,000 lines, and the
ratio of the large file's time per line to the small file's: about 1 when the
pipeline is linear in the file (process start-up makes the small file's time per
line a little higher), clearly above 1 for quadratic work somewhere.

    bench/translation_scaling.py --py2cuda BUILD/py2cuda
"""
import argparse
import os
import sys
import tempfile

import benchlib

UNIT = """@cuda.jit('void(float32[:], float32[:], int64)')
def k{n}(x, y, n):
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    while i < n:
        if x[i] > 0.5 and y[i] < 2:
            y[i] = x[i] * 2.0 + 1e-3
        else:
            y[i] = -x[i] // 3 % 7  # comment
        i += stride

"""


def program(copies):
    return "from numba import cuda\n\n\n" + "".join(UNIT.format(n=c) for c in range(copies))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--py2cuda", required=True)
    args = parser.parse_args()
    rows, per_line = [], {}
    with tempfile.TemporaryDirectory() as tmp:
        for copies in (91, 1819):
            src = os.path.join(tmp, f"k{copies}.py")
            with open(src, "w") as f:
                f.write(program(copies))
            lines = program(copies).count("\n")
            times = benchlib.timed_runs([args.py2cuda, src, "-o", os.path.join(tmp, "out.cu")])
            seconds = benchlib.median(times)
            per_line[copies] = seconds / lines
            rows.append([str(lines), str(copies), benchlib.format_ms(seconds),
                         f"{seconds / lines * 1000 * 1000:.2f}"])
    benchlib.print_table(["lines", "kernels", "py2cuda ms", "ms per 1000 lines"], rows)
    ratio = per_line[1819] / per_line[91]
    print(f"time per line, large file / small file: {ratio:.2f} (1 is linear)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
