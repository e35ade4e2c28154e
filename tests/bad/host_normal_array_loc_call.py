# expect: 11:5: error: kernel 'fill' has no type signature and the host code, whose launches would type it, is not translated (normal() of an array loc or scale reads them twice in py2cuda: give them as names, numbers or subscripts of names (assign this value to a name first))
# rng.normal() of an array loc that is an expression (a + 1.0): py2cuda draws loc + scale * z and
# reads loc twice, so it takes names, numbers and subscripts of names; a warning at the loc says to
# assign it to a name first and the host code is not translated: the kernel launched on the draws
# has no types.
import numpy as np
from numba import cuda


@cuda.jit
def fill(a, v):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = v


rng = np.random.default_rng(1)
a = np.zeros(8)
noisy = rng.normal(a + 1.0, 0.5)
fill[1, 32](noisy, 1.0)
print(noisy)
