# oracle: whole-program (NUMBA_ENABLE_CUDASIM=1 python index.py)
# A program whose file name the C library declares at global scope (index() of <strings.h>): its
# C++ namespace is `index_`, since `namespace index` would not compile where the headers are
# included (infer/cpp_names.cpp, cpp_namespace_name).
import numpy as np
from numba import cuda


@cuda.jit
def gather(src, idx, out):
    i = cuda.grid(1)
    if i < idx.size:
        out[i] = src[idx[i]]


src = np.arange(10.0) * 1.5
idx = np.array([9, 0, 4, 4], dtype=np.int64)
out = np.zeros(idx.size)
gather[1, 32](src, idx, out)
print(out)
