# expect: 12:5: error: kernel 'k' has no type signature and the host code, whose launches would type it, is not translated (kernel 'k' takes 2 arguments but 1 was given)
# expect: 17:1: error: kernel 'k' takes 2 arguments but 1 was given
# Found by fuzzing (a seed from tests/bad): host np.arange() with an argument to widen
# read the argument's type after moving it, a null dereference in clang builds
# (UBSan: member access within null pointer in infer/host_calls.cpp). The launch with
# a missing argument makes the case an error, this corpus's form.
import numpy as np
from numba import cuda


@cuda.jit
def k(x, out):
    out[0] = x[0]


x = np.arange(np.int32(8))
k[1, 1](x)
