# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
"""A vector class over a NumPy array whose operators launch kernels: unary minus and plus
(__neg__, __pos__), and methods and attributes read straight off an operator's result
((u + w).norm(), (-v).data)."""
import numpy as np
from numba import cuda


@cuda.jit
def axpby(a, x, b, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + b * y[i]


class Vec:
    def __init__(self, data):
        self.data = np.asarray(data, dtype=np.float64)

    def combine(self, a, other, b):
        out = np.zeros_like(self.data)
        axpby[1, 32](a, self.data, b, other.data, out)
        return Vec(out)

    def __add__(self, other):
        return self.combine(1.0, other, 1.0)

    def __sub__(self, other):
        return self.combine(1.0, other, -1.0)

    def __neg__(self):
        return self.combine(-1.0, self, 0.0)

    def __pos__(self):
        return self

    def norm(self):
        return float(np.sqrt((self.data * self.data).sum()))

    def __repr__(self):
        return f"Vec({self.data.tolist()})"


u = Vec([3.0, 4.0])
w = Vec([1.0, -2.0])
print(-u, +w, -(-u))
print((u + w).norm(), (u - w).data, (-w).data.sum())
print((u + w + w).norm() > u.norm(), round((-(u - w)).norm(), 6))
