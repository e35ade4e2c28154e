# expect: 10:5: error: kernel 'add' has no type signature
# expect-text: --sig
# expect-text: annotation
# expect-text: launch
# A kernel with no signature, no annotations, no --sig and no launch in the file.
from numba import cuda


@cuda.jit
def add(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] + b[i]
