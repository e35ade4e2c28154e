# expect: 17:22: warning: compiled Numba makes split() a generator
# expect-text: list(d.split(4))
# The pieces of a device array counted with len(): the simulator's split() returns a list,
# compiled Numba's a generator. Looping over it (line 18) is portable and not warned about.
import numpy as np
from numba import cuda


@cuda.jit
def fill(out, v):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = v


d = cuda.to_device(np.zeros(16, dtype=np.float32))
print("pieces:", len(d.split(4)))
for k, piece in enumerate(d.split(4)):
    fill[1, 4](piece, k)
print(d.copy_to_host())
