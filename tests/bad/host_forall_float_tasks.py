# expect: 9:5: error: kernel 'double' has no type signature and the host code, whose launches would type it, is not translated (forall()'s ntasks must be an integer, not float64)
# expect: 17:19: error: forall()'s ntasks must be an integer, not float64
# The task count of a forall() launch computed with true division: a float, which Numba cannot launch.
import numpy as np
from numba import cuda


@cuda.jit
def double(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= 2


if __name__ == "__main__":
    d_a = cuda.to_device(np.arange(100, dtype=np.float32))
    double.forall(d_a.size / 2)(d_a)
    print(d_a.copy_to_host()[:4])
