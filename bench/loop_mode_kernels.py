"""The kernels of bench/loop_mode_vs_plain_cpp.cpp.

The benchmark times py2cuda's own translation of this file (bench/run_all.sh translates it with
--kernels-only before building the benchmark), so what it measures is the code py2cuda emits
today. Loop mode: saxpy, a 2-D five-point stencil, a grid-stride loop with a math function;
fiber mode: a shared-memory block reduction with barriers.

The signatures are C-contiguous (`[::1]`), what a launch from NumPy host code gives a kernel
without one (an array NumPy makes is C-contiguous) and what the hand-written loops assume;
`saxpy_any_layout` is saxpy with `float32[:]`, whose subscripts step by a stride read at run
time (a strided view may be passed), to show what that costs.
"""
import math

from numba import cuda, float32

TPB = 256


@cuda.jit("void(float32, float32[::1], float32[::1], float32[::1])")
def saxpy(a, x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


@cuda.jit("void(float32, float32[:], float32[:], float32[:])")
def saxpy_any_layout(a, x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


@cuda.jit("void(float32[:, ::1], float32[:, ::1])")
def stencil(u, out):
    # x runs along a row, the contiguous index, as coalescing CUDA code has it.
    c, r = cuda.grid(2)
    if 0 < r < u.shape[0] - 1 and 0 < c < u.shape[1] - 1:
        out[r, c] = float32(0.25) * (u[r - 1, c] + u[r + 1, c] + u[r, c - 1] + u[r, c + 1])


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def magnitude(x, y, out):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, out.size, stride):
        out[i] = math.sqrt(x[i] * x[i] + y[i] * y[i])


@cuda.jit("void(float32[::1], float32[::1])")
def block_sum(x, partial):
    cache = cuda.shared.array(TPB, dtype=float32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    if i < x.size:
        cache[t] = x[i]
    else:
        cache[t] = float32(0.)
    cuda.syncthreads()
    half = TPB // 2
    while half > 0:
        if t < half:
            cache[t] += cache[t + half]
        cuda.syncthreads()
        half //= 2
    if t == 0:
        partial[cuda.blockIdx.x] = cache[0]
