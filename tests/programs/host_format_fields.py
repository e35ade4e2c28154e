# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
"""str.format() fields that reach into their arguments ("{0.shape}", "{a.dtype}", "{0[n]}",
"{xs[2]:>5}", "{c.name!r}") and keyword arguments, around a kernel launch; int() of a str
in a base (16, 2, 36, 0 with its prefixes) and its ValueErrors."""
import numpy as np
from numba import cuda


@cuda.jit
def fill(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = i * 0.5


class Config:
    def __init__(self, name, n):
        self.name = name
        self.n = n


def main():
    a = np.zeros((3, 4), dtype=np.float32)
    fill[1, 16](a.ravel())
    print("{0.shape} {0.dtype} {0.size}".format(a))
    print("{a.shape} and {a.ndim} dims, total {total:.2f}".format(a=a, total=a.sum()))
    d = {"n": 4, "m": 7}
    print("{0[n]} {0[m]} {1}".format(d, 5))
    xs = [10, 20, 30]
    print("first {xs[0]}, last {xs[2]:>5}".format(xs=xs))
    cfg = Config("run", 8)
    print("{c.name}: n={c.n:03d}".format(c=cfg))
    print("{0.name!r} {0.n}".format(cfg))
    print("{:.2f} {}".format(a.sum(), a.shape))
    rows = a.shape[0]
    print("{r} rows of {a.shape[1]}".format(r=rows, a=a))

    print(int("ff", 16), int("0x1f", 0), int("101", 2), int(" -7f ", 16), int("0o17", 8), int("z", 36))
    print(int("1_000", 0), int("0", 0), int("00", 0), int("0b_1", 0), int(str(a.size), base=10))
    for text, base in [("12", 2), ("0x", 16), ("09", 0), ("1__0", 10), ("7", 1)]:
        try:
            print(int(text, base))
        except ValueError as e:
            print("ValueError:", e)


main()
