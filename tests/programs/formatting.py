"""Python's printing: f-string format specs, print's sep= and end=, str(), builtins, constants."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import math
import sys

import numpy as np
from numba import cuda


@cuda.jit
def stats(a, out):
    i = cuda.grid(1)
    if i == 0:
        s = 0.0
        for k in range(a.size):
            s += a[k]
        out[0] = s
        out[1] = s / a.size


if __name__ == "__main__":
    a = np.array([1.5, 2.25, -0.125, 10.0])
    out = np.zeros(2)
    stats[1, 32](a, out)
    total, mean = out[0], out[1]
    print(total, mean)
    print(f"total={total:.3f} mean={mean:8.4f} sci={total:e} sci2={mean:.2E} g={total:g}")
    n = 42
    print(f"[{n:5d}] [{n:<5d}] [{n:^7d}] [{n:05d}] [{n:x}] [{n:+d}] [{-n}]")
    name = "kernel"
    print(f"[{name:>10}] [{name:<10}] [{name:^10}] [{name!r}] [{len(name)}]")
    print(f"{total!r} {n!r} {1e-7} {1e16} {123456789.0} {0.1 + 0.2}")
    f = np.float32(0.1)
    print(f, np.float32(1) / np.float32(3), np.float64(2) / 3, f"{f:.4f}", repr(f))
    print(np.int32(-7), np.int64(2) ** 40, np.uint8(255), np.bool_(True))
    print(True, False, (1, 2.5, "x"), (3,))
    print("a", "b", 3, sep="-")
    print("no newline", end="")
    print(" ... continued", end="!\n")
    print("x", 1, 2.0, sep="", end="\n\n")
    print(str(3) + str(4.5) + str(True), len("hello"), len(a))
    print(min(3, 7), max(2.5, 1), min(4, 2, 9), abs(-3), abs(-2.5), round(2.5), round(3.5), round(2.675, 2))
    print(int(7.9), int(-7.9), float(3), 7 // 2, -7 // 2, 7 % 3, -7 % 3, 2 ** 10)
    print(math.sqrt(2.0), math.pi, np.pi, np.inf, -np.inf, math.floor(-2.5), math.ceil(2.1))
    print(f"{math.pi:.10f} {np.inf} {np.float32(2.5):6.2f}")
    ok = total > 5 and mean < 5
    print("ok" if ok else "not ok", ok, not ok, 3 < 4 < 5)
    # type(): the class Python names, from the value's type (the simulator's class for a device array).
    d = cuda.to_device(out)
    print(type(a), type(f), type(np.int32(-7)), type(name), type((1, 2)), type(2.5), type(3), type(True))
    print(type(a).__name__, type(d).__name__, type(np.uint8(3)).__name__, type(d))
    # int ** negative int is a float in Python.
    print(2 ** -1, n ** -2, 3 ** -2, n ** 2, 2.0 ** -1)
    # Self-documenting fields: the expression's text through `=` (spaces kept), then repr()
    # unless a conversion or a format spec is given.
    print(f"{n=} {f=:.3f} {n + 1 = } {name=} {name=!s} {n=:5d}|")
    # print(file=...): standard error is not standard output (the .expected has no such line).
    print("a note for the log:", n, file=sys.stderr)
    print("to stdout", file=sys.stdout)
