# expect: 18:14: warning: compiled Numba cannot launch on a stream with a host array argument
# expect-text: cuda.to_device(x, stream=stream)
# A host array passed to a launch on a stream: the simulator copies it, compiled Numba raises
# RuntimeError (NumPy only supports stream=None).
import numpy as np
from numba import cuda


@cuda.jit
def inc(out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] += 1


s = cuda.stream()
x = np.zeros(4)
inc[1, 4, s](x)
s.synchronize()
print(x)
