"""Golden: CUDA intrinsics: popc, clz, ffs, brev, fma, cbrt, selp, memory fences.

popc and clz keep the argument's integer type and count in its own width; ffs is 1-based
and 0 for 0; brev reverses the 32 bits of a uint32; fma rounds once.

The simulator cannot judge two lines: it counts the bits of a negative int with Python's
bin() (popc(-1) gives 1, CUDA gives 32) and takes cube roots as a ** (1/3) (NaN for negative
values, CUDA's cbrt gives -2 for -8). The expected output holds CUDA's values, derived from the
definitions of the PTX popc instruction and libdevice's cbrt.
"""
# simulator-differs: bits arith
import numpy as np
from numba import cuda


@cuda.jit("void(int32[:], uint32[:], int64[:])")
def bits(x, rev, out):
    i = cuda.grid(1)
    if i < x.size:
        out[3 * i] = cuda.popc(x[i])
        out[3 * i + 1] = cuda.clz(x[i])
        out[3 * i + 2] = cuda.ffs(x[i])
        rev[i] = cuda.brev(rev[i])


@cuda.jit("void(float64[:], float64[:])")
def arithmetic(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = cuda.fma(x[i], 2.0, 1.0) + cuda.cbrt(x[i] * x[i] * x[i])
        out[i] = cuda.selp(x[i] > 0, out[i], -out[i])
    cuda.threadfence()


if __name__ == "__main__":
    x = np.array([0, 1, -1, 8, 12345, -2147483648, 2147483647, 96], dtype=np.int32)
    rev = cuda.to_device(np.array([1, 2, 0x12345678, 0, 3, 5, 7, 0xFFFFFFFF], dtype=np.uint32))
    out = cuda.device_array(3 * x.size, dtype=np.int64)
    bits[1, 32](cuda.to_device(x), rev, out)
    print("bits:", out.copy_to_host().reshape(-1, 3).tolist())
    print("brev:", [hex(int(v)) for v in rev.copy_to_host()])
    f = np.array([-2.0, -0.5, 0.0, 0.25, 3.0], dtype=np.float64)
    y = cuda.device_array(f.size, dtype=np.float64)
    arithmetic[1, 32](cuda.to_device(f), y)
    print("arith:", " ".join(f"{v:.12g}" for v in y.copy_to_host()))
