# expect: 7:15: error: signature 'void(float32[:, :], float32[:])' gives argument 1 the type array(float32, 2d, A), which does not fit its 1 core dimension(s) in layout '(n)->()'
# A 2-D array in the signature where the layout gives the input one core dimension (Numba: 'type and shape signature mismatch').
import numpy as np
from numba import guvectorize


@guvectorize(['void(float32[:, :], float32[:])'], '(n)->()', target='cuda')
def total(x, out):
    acc = np.float32(0)
    for v in x.flat:
        acc += v
    out[0] = acc
