# expect: 17:38: error: f-string: expecting '}'
# A lost '}' in a host f-string: CPython 3.11 reports it at the token after the string.
import numpy as np
from numba import cuda


@cuda.jit
def twice(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] *= 2.0


x = np.arange(8, dtype=np.float32)
twice[1, 8](x)
print(f"sum {x.sum():.1f}")
print(f"first {x[0]:.1f} last {x[-1]")
