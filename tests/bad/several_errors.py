# expect: 11:45: error: name 'thredIdx' is not defined
# expect: 20:9: error: try statement is not supported in CUDA kernels; kernels cannot catch exceptions; test for the condition with if
# expect: 24:12: error: a kernel cannot return a value; write results into an array argument
# expect: 29:9: error: 'cuda.gird' is not supported by py2cuda
# Four unrelated errors in three kernels: all must be reported in one run.
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1])")
def copy(src, dst):
    i = cuda.blockIdx.x * cuda.blockDim.x + thredIdx.x
    if i < src.size:
        dst[i] = src[i]


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def safe_divide(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        try:
            out[i] = a[i] / b[i]
        except ZeroDivisionError:
            out[i] = 0.0
    return out[0]


@cuda.jit("void(float32[::1])")
def zero(x):
    i = cuda.gird(1)
    if i < x.size:
        x[i] = 0.0
