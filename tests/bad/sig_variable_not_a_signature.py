# expect: 12:11: error: the signature 'sig' is not a name bound once to a signature string
# expect-text: is assigned here
# A signature built by a function call: Python evaluates it, py2cuda cannot read it when it translates.
from numba import cuda


def make_signature(dtype):
    return "void(" + dtype + "[:])"


sig = make_signature("float32")
@cuda.jit(sig)
def double(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= 2
