# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
"""SystemExit as CPython raises and catches it around a launch: sys.exit() with an int, a str
and nothing caught by `except SystemExit as e` (e.code, str(e)), passing through
`except Exception`, caught by a tuple and by BaseException; the site builtins exit() and
quit(); and the program ending with `raise SystemExit(main())`, the status main() returns."""
import sys

import numpy as np
from numba import cuda


@cuda.jit
def count_above(values, threshold, out):
    i = cuda.grid(1)
    if i < values.size and values[i] > threshold:
        cuda.atomic.add(out, 0, 1)


def check(n):
    try:
        if n > 2:
            sys.exit("too big: %d" % n)
        sys.exit(n)
    except SystemExit as e:
        print("caught", e.code, repr(str(e)))
    try:
        try:
            sys.exit(5)
        except Exception:
            print("not reached: Exception does not catch SystemExit")
    except SystemExit as e:
        print("passed through except Exception:", e.code)
    try:
        raise SystemExit
    except (ValueError, SystemExit) as e:
        print("a tuple catches it; code", e.code)


def main():
    values = np.arange(16, dtype=np.float32)
    out = np.zeros(1, dtype=np.int32)
    count_above[1, 16](values, 9.5, out)
    print("above:", out[0])
    check(1)
    check(3)
    for builtin in ("exit", "quit"):
        try:
            if builtin == "exit":
                exit(7)
            quit(8)
        except BaseException as e:
            print(builtin, type(e).__name__, e.code)
    return int(out[0]) % 4


if __name__ == "__main__":
    raise SystemExit(main())
