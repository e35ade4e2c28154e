# expect: 6:48: error: gufunc layout '(n)->(),()' names 3 argument(s) but 'total' takes 2
# A layout with two outputs for a function that writes one (Numba: the layout and the signature disagree on the arguments).
from numba import guvectorize


@guvectorize(['void(float64[:], float64[:])'], '(n)->(),()', target='cuda')
def total(x, out):
    acc = 0.0
    for v in x:
        acc += v
    out[0] = acc
