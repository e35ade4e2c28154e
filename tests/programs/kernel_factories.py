"""Kernel factories: functions that define kernels and device functions reading their parameters
and return them, as numba-cuda's examples build kernels (`def make_kernel(factor): @cuda.jit
def k(...): ... factor ...; return k`). Each call makes new functions with the call's values
frozen (Numba compiles each at its first launch): a scale, a shared-memory block sum whose tile
size and dtype are the factory's arguments, a pair of kernels sharing a device function, a
device function made by a factory and called by a module kernel, a factory taking a device
function as its argument, the same target rebound, and loops over block sizes the program
spells."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda, float32, float64


def make_scale(factor, offset=0.0):
    @cuda.jit
    def scale(a):
        i = cuda.grid(1)
        if i < a.size:
            a[i] = a[i] * factor + offset
    return scale


def make_block_sum(tpb, dtype):
    @cuda.jit
    def block_sum(a, out):
        tile = cuda.shared.array(tpb, dtype)
        t = cuda.threadIdx.x
        i = cuda.grid(1)
        tile[t] = a[i] if i < a.size else 0
        cuda.syncthreads()
        step = tpb // 2
        while step > 0:
            if t < step:
                tile[t] += tile[t + step]
            cuda.syncthreads()
            step //= 2
        if t == 0:
            out[cuda.blockIdx.x] = tile[0]
    return block_sum


def make_pair(scale):
    half = scale / 2

    @cuda.jit(device=True)
    def apply_half(x):
        return x * half

    @cuda.jit
    def forward(a):
        i = cuda.grid(1)
        if i < a.size:
            a[i] = apply_half(a[i])

    @cuda.jit
    def backward(a):
        i = cuda.grid(1)
        if i < a.size:
            a[i] = a[i] / half
    return forward, backward


def make_poly(c0, c1):
    @cuda.jit(device=True)
    def poly(x):
        return c0 + c1 * x
    return poly


@cuda.jit(device=True)
def add(x, y):
    return x + y


@cuda.jit(device=True)
def mul(x, y):
    return x * y


def make_binary(op, name):
    @cuda.jit
    def apply(a, b, out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = op(a[i], b[i])
    print("built", name)
    return apply


linear = make_poly(1.0, 2.0)


@cuda.jit
def eval_linear(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = linear(a[i])


double = make_scale(2.0)
shift = make_scale(1, offset=0.5)
a = np.arange(5.0)
double[1, 8](a)
print("double:", a)
shift[1, 8](a)
print("shift:", a)

# The same name bound to a second kernel: the launch after it runs the second.
k = make_scale(3)
k[1, 8](a)
k = make_scale(0.5)
k[1, 8](a)
print("rebound:", a)

# One kernel per block size: the tile's size is each call's argument.
data = np.arange(1, 257, dtype=np.float32)
for tpb in (32, 64, 128):
    summed = make_block_sum(tpb, float32)
    blocks = (data.size + tpb - 1) // tpb
    partial = np.zeros(blocks, dtype=np.float32)
    summed[blocks, tpb](data, partial)
    print(tpb, blocks, partial.sum(), partial[:2])


def main():
    adder = make_binary(add, "add")
    multiplier = make_binary(mul, "mul")
    x = np.arange(4.0)
    y = np.full(4, 3.0)
    out = np.zeros(4)
    adder[1, 4](x, y, out)
    print("add:", out)
    multiplier[1, 4](x, y, out)
    print("mul:", out)

    forward, backward = make_pair(4.0)
    b = np.arange(6.0)
    forward[1, 8](b)
    print("forward:", b)
    backward[1, 8](b)
    print("backward:", b)

    wide = make_block_sum(64, float64)
    total = np.zeros(1)
    wide[1, 64](np.linspace(0.0, 1.0, 64), total)
    print("wide: %.6f" % total[0])

    threads = 4
    triple = make_scale(threads - 1)
    triple[1, threads](out)
    print("triple:", out)

    c = np.arange(3.0)
    eval_linear[1, 4](c)
    print("linear:", c)

    for name, factor in [("half", 0.5), ("tenfold", 10)]:
        scaled = make_scale(factor)
        v = np.ones(3)
        scaled[1, 4](v)
        print(name, v)


if __name__ == "__main__":
    main()
