# expect: 17:13: error: class 'Point' is not supported in CUDA kernels
# allow-extra-errors
# A Python class instantiated inside a kernel.
from numba import cuda


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def norms(xs, ys, out):
    i = cuda.grid(1)
    if i < out.size:
        p = Point(xs[i], ys[i])
        out[i] = (p.x * p.x + p.y * p.y) ** 0.5
