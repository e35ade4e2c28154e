# expect: 13:5: error: with statement is not supported in CUDA kernels
# allow-extra-errors
# A with block (e.g. a lock) inside a kernel.
import threading

from numba import cuda

lock = threading.Lock()


@cuda.jit("void(int32[::1])")
def count(counter):
    with lock:
        counter[0] += 1
