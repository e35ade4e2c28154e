"""Golden: NumPy ufuncs called on scalars inside a kernel.

Numba types them by NumPy's loops: the first loop the arguments cast to safely, any integer
casting to any float when integers and floats mix. So np.sin of float32 stays float32 and
np.sqrt of an int32 is float64, np.maximum(float32, int32) is float32 (not NumPy's promoted
float64); np.maximum/np.minimum propagate NaN and np.fmax/np.fmin ignore it; np.abs keeps an
integer's type.
"""
import numpy as np
from numba import cuda


@cuda.jit("void(float32[:], int32[:], float64[:])")
def ufuncs(f, i, out):
    out[0] = np.sin(f[0]) + np.sqrt(i[0])
    out[1] = np.maximum(f[1], i[1])
    out[2] = np.maximum(f[2], 1.0)
    out[3] = np.fmax(f[2], 1.0)
    out[4] = np.minimum(i[2], i[1])
    out[5] = np.abs(i[2])
    out[6] = np.floor(f[0]) + np.arctan2(f[0], 1.0)
    out[7] = np.power(f[0], 2.0)


if __name__ == "__main__":
    f = np.array([0.5, 2.5, np.nan], dtype=np.float32)
    i = np.array([9, 3, -7], dtype=np.int32)
    out = cuda.to_device(np.zeros(8, dtype=np.float64))
    ufuncs[1, 1](cuda.to_device(f), cuda.to_device(i), out)
    print(" ".join(f"{v:.9g}" for v in out.copy_to_host()))
