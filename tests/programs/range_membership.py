# oracle: whole-program (`x in range(...)` and `not in` in a kernel: one, two and three arguments, literal positive and negative steps, a run-time step of either sign, a computed item evaluated once)
import numpy as np
from numba import cuda


@cuda.jit("void(int64[:], int32[:], int64, int64)")
def flags(out, vals, lo, step):
    i = cuda.grid(1)
    if i < out.size:
        v = vals[i]
        r = 0
        if v in range(lo, 20):
            r += 1
        if v not in range(10):
            r += 2
        if v in range(18, lo, -3):
            r += 4
        if (v + 1) in range(lo, 40, step):
            r += 8
        if i in range(0, 64, 5):
            r += 16
        out[i] = r


def main():
    vals = np.arange(-6, 34, dtype=np.int32)
    out = np.zeros(vals.size, dtype=np.int64)
    flags[2, 32](out, vals, np.int64(3), np.int64(4))
    print(out)
    out2 = np.zeros(vals.size, dtype=np.int64)
    flags[2, 32](out2, vals, np.int64(-2), np.int64(-3))
    print(out2)


if __name__ == "__main__":
    main()
