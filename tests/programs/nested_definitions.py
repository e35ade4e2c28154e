"""Kernels, device functions, CPU @jit functions and ufuncs defined inside functions and inside
`if __name__ == "__main__":`, as numba-cuda's documentation writes its examples: typed by their
launches like top-level ones; reading module globals, the other nested functions, and the
enclosing function's variables, which Numba freezes as constants when it compiles (`n`, `TPB`,
`WEIGHTS`, and `scale`, whose later assignment does not reach the compiled kernel: the simulator
reads it live, hence the `after` line's difference)."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# simulator-differs: after
import math

import numpy as np
from numba import cuda, njit, vectorize

OFFSET = 100  # a module global read by a nested kernel


def main():
    n = 4
    TPB = 8
    WEIGHTS = np.array([1.0, 2.0, 3.0, 4.0])
    scale = 3

    @cuda.jit(device=True)
    def twice(x):
        return 2 * x

    @cuda.jit
    def add(a, b, out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = twice(a[i]) + b[i] * scale + OFFSET

    @cuda.jit
    def weighted(out):
        t = cuda.threadIdx.x
        s = 0.0
        for k in range(n):
            s += WEIGHTS[k] * (t + 1)
        out[TPB - 1 - t] = s

    @njit
    def host_square(x):
        return x * x + 1

    @vectorize(["float64(float64, float64)"])
    def hyp(a, b):
        return math.sqrt(a * a + b * b)

    a = np.arange(8, dtype=np.float32)
    out = np.zeros_like(a)
    add[1, 8](a, a, out)
    print(out)
    scale = 5  # after the first launch: the compiled kernel keeps 3
    add[1, 8](a, a, out)
    print("after rebinding scale:", out, scale)

    w = np.zeros(TPB)
    weighted[1, TPB](w)
    print(w)
    print(host_square(7), host_square(2.5))
    print(hyp(np.array([3.0, 5.0]), np.array([4.0, 12.0])))


def other():
    # The same name as main()'s kernel: each function has its own.
    @cuda.jit
    def add(x):
        i = cuda.grid(1)
        if i < x.size:
            x[i] += 1

    x = np.zeros(4, dtype=np.int64)
    add[1, 4](x)
    add[1, 4](x)
    print(x)


if __name__ == "__main__":
    @cuda.jit
    def fill(x, v):
        i = cuda.grid(1)
        if i < x.size:
            x[i] = v + OFFSET

    main()
    other()
    y = np.zeros(3, dtype=np.int32)
    fill[1, 3](y, 7)
    print(y)
