# expect: 6:48: error: invalid gufunc layout 'n->()': bad token in signature "n"
# A gufunc layout without parentheses around the input's core dimensions.
from numba import guvectorize


@guvectorize(['void(float32[:], float32[:])'], 'n->()', target='cuda')
def total(x, out):
    out[0] = 0
    for v in x:
        out[0] += v
