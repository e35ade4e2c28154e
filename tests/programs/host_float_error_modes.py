# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# np.errstate and np.seterr around host divisions by zero and overflows: 'ignore' and 'warn'
# change no value (inf, nan and NumPy's overflow results print as they are).
import numpy as np
from numba import cuda


@cuda.jit
def difference(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] - b[i]


a = np.array([1.0, 2.0, 3.0, 0.0])
b = np.array([1.0, 0.0, 1.0, 0.0])
out = np.zeros(4)
difference[1, 32](a, b, out)
with np.errstate(divide="ignore", invalid="ignore"):
    relative = out / b
print(relative)
with np.errstate(all="ignore"):
    print(np.log(b), np.float32(3e38) * np.float32(10))
np.seterr(over="warn", under="ignore")
with np.errstate(divide="warn"), np.errstate(invalid="ignore"):
    ratio = np.where(b != 0, out / b, -1.0)
print(ratio, np.isfinite(relative).sum())
