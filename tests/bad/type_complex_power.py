# expect: 10:18: error: '**' on complex numbers is not supported on the CUDA target: Numba lowers it to a call of numba_cpow, which exists only on the CPU, so the kernel would not link; multiply, or use cmath.exp(w * cmath.log(z))
# z ** w: numba-cuda types it but its lowering calls a CPU-only helper.
from numba import cuda


@cuda.jit("void(complex128[:], complex128[:])")
def power(z, out):
    i = cuda.grid(1)
    if i < z.size:
        out[i] = z[i] ** 3
