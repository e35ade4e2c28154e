# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Kernel parameters with defaults, launched without them: Numba's simulator passes each default,
# so `scale=2.0` is a float64 and `shift=1` an int64 in the kernel, and a launch that gives them
# passes its own. (Compiled numba-cuda rejects these launches, "Signature mismatch", measured on
# a GPU: py2cuda runs them as the simulator does, with a warning at each.)
import numpy as np
from numba import cuda


@cuda.jit
def affine(a, scale=2.0, shift=1):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = a[i] * scale + shift


@cuda.jit
def clip(a, out, lo=0.0, hi=1.0):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = min(max(a[i], lo), hi)


a = np.arange(4.0)
affine[1, 4](a)
print(a)
affine[1, 4](a, 0.5)
print(a)
affine[1, 4](a, 1.0, -2)
print(a)
out = np.zeros(4)
clip[1, 4](np.array([-0.5, 0.25, 0.75, 1.5]), out)
print(out)
clip[1, 4](np.array([-0.5, 0.25, 0.75, 1.5]), out, 0.3)
print(out)
