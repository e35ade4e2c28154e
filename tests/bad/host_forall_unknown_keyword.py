# expect: 9:5: error: kernel 'double' has no type signature and the host code, whose launches would type it, is not translated (forall() got an unexpected keyword argument 'threads')
# expect: 18:24: error: forall() got an unexpected keyword argument 'threads'
# forall() takes ntasks, tpb, stream and sharedmem; Numba raises TypeError for another keyword.
import numpy as np
from numba import cuda


@cuda.jit
def double(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= 2


if __name__ == "__main__":
    d_a = cuda.to_device(np.arange(100, dtype=np.float32))
    # threads= is not forall()'s name for the block size (tpb=).
    double.forall(100, threads=128)(d_a)
    print(d_a.copy_to_host()[:4])
