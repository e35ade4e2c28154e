"""Golden: module-level NumPy arrays in kernels, frozen into constant memory.

Numba freezes a global NumPy array that a kernel reads: its values are copied into the compiled
kernel as a read-only constant (typed `readonly array`), and cuda.const.array_like(arr) asks for
the same explicitly. py2cuda evaluates the array at translation time (np.array of literal lists,
np.arange, np.zeros/ones/full, np.linspace, with a dtype) and emits it as a __constant__ C array
of the same shape and values, read through a read-only view, py2cuda::constant_view(NAME).
Writing to one is an error, as in Numba (tests/bad/constant_array_store.py).
"""
import numpy as np
from numba import cuda

# A 5-tap smoothing filter, float32; the taps sum to 1.
TAPS = np.array([0.0625, 0.25, 0.375, 0.25, 0.0625], dtype=np.float32)
# A 2-D table of int16 weights and the identity's diagonal as int64 via np.arange.
WEIGHTS = np.array([[1, -2, 3], [-4, 5, -6]], dtype=np.int16)
OFFSETS = np.arange(0, 12, 4)
# float64 constants from the NumPy constructors.
RAMP = np.linspace(0.0, 1.0, 5)
SCALE = np.full(3, 2.5)
FLAGS = np.array([True, False, True])
LEVELS = np.ones((2, 2), dtype=np.uint8)


@cuda.jit("void(float32[:], float32[:])")
def smooth(x, out):
    i = cuda.grid(1)
    taps = cuda.const.array_like(TAPS)
    if i < out.size:
        acc = np.float32(0.0)
        for k in range(taps.size):
            j = i + k - 2
            if 0 <= j < x.size:
                acc += taps[k] * x[j]
        out[i] = acc


@cuda.jit("void(int32[:, :], int64[:, :])")
def weighted(x, out):
    i, j = cuda.grid(2)
    if i < x.shape[0] and j < x.shape[1]:
        w = WEIGHTS[i % WEIGHTS.shape[0], j % WEIGHTS.shape[1]]
        out[i, j] = x[i, j] * w + OFFSETS[j % len(OFFSETS)]


@cuda.jit("void(float64[:])")
def tables(out):
    i = cuda.grid(1)
    if i < RAMP.size:
        v = RAMP[i] * SCALE[i % 3]
        if FLAGS[i % 3]:
            v += LEVELS[i % 2, 1]
        out[i] = v


if __name__ == "__main__":
    x = np.arange(10, dtype=np.float32)
    out = np.zeros(10, dtype=np.float32)
    smooth[1, 32](x, out)
    print("smooth:", out.tolist())
    xi = np.arange(12, dtype=np.int32).reshape(3, 4)
    outi = np.zeros((3, 4), dtype=np.int64)
    weighted[(1, 1), (4, 4)](xi, outi)
    print("weighted:", outi.tolist())
    t = np.zeros(5, dtype=np.float64)
    tables[1, 32](t)
    print("tables:", t.tolist())
