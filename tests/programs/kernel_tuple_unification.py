# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Tuples whose element types meet in a kernel, as Numba unifies them element by element: a
# device function returning (int64, int64) on one path and (float64, int64) on another, a
# local tuple rebound in a branch to a wider one, a tuple carried through a loop that widens
# it, and a nested tuple; each converted element by element where it is stored or returned.
import numpy as np
from numba import cuda


@cuda.jit(device=True)
def pick(v):
    if v > 0:
        return v, 1
    return 2.5, v


@cuda.jit(device=True)
def nested(v):
    if v > 0:
        return (v, (1, 2))
    return (0.5, (v, 3.5))


@cuda.jit
def unify(x, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        p, q = pick(x[i])
        out[i, 0] = p
        out[i, 1] = q
        t = (x[i], 1)
        if x[i] < 0:
            t = (0.5, x[i])
        out[i, 2] = t[0]
        out[i, 3] = t[1]
        u = (1, 2)
        for j in range(3):
            u = (u[1], u[0] + 0.5 * x[i])
        out[i, 4] = u[0]
        out[i, 5] = u[1]
        a, (b, c) = nested(x[i])
        out[i, 6] = a + b + c


def main():
    x = np.array([3, -7, 1, 0])
    out = np.zeros((4, 7))
    unify[1, 4](x, out)
    print(out)


main()
