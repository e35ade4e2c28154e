# expect: 21:13: error: global 'LUT' is changed by the module's code before this kernel is launched: Numba freezes its value when it compiles the kernel (at the first launch), py2cuda when it translates (the module's assignment), which would not see the change; pass it to the kernel as an argument
# expect: 22:22: error: global 'SCALE' is changed by function 'setup' before this kernel is launched: Numba freezes its value when it compiles the kernel (at the first launch), py2cuda when it translates (the module's assignment), which would not see the change; pass it to the kernel as an argument
# Globals a kernel reads that the host code changes before launching it: a table filled by the
# module's code, a scale set by a function under `global` called before the launch. Numba
# freezes them at the first launch and sees the changes; py2cuda freezes them when translating
# and would not, so both reads are errors that say to pass the values as arguments. (A change
# after the launches is no error: Numba's frozen value does not see it either.)
import numpy as np
from numba import cuda

LUT = np.zeros(4)
for k in range(4):
    LUT[k] = k * k
SCALE = 2.0


@cuda.jit
def lookup(out):
    i = cuda.grid(1)
    if i < out.size:
        v = LUT[i]
        out[i] = v * SCALE


def setup(s):
    global SCALE
    SCALE = s


setup(3.0)
out = np.zeros(4)
lookup[1, 4](out)
print(out)
