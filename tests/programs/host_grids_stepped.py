# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def radius2(y, x, out):
    i, j = cuda.grid(2)
    if i < out.shape[0] and j < out.shape[1]:
        out[i, j] = y[i, 0] * y[i, 0] + x[0, j] * x[0, j]


def main():
    y, x = np.ogrid[-2:3, -4:5:2]
    print(y, x)
    out = np.zeros((y.shape[0], x.shape[1]), dtype=np.int64)
    radius2[(1, 1), (8, 8)](y, x, out)
    print(out)
    g = np.mgrid[-1:2, 0:6:2]
    print(g.shape, g)
    print(np.mgrid[5:0:-2])
    print(np.mgrid[0:1:5j], np.ogrid[-1:1:3j])
    yy, xx = np.mgrid[-1:1:3j, 0:2:0.5]
    print(yy, xx)


main()
