"""Golden: array attributes in kernels: .shape (a tuple of int64, indexed or unpacked), .size
(the element count, int64), .ndim (a compile-time constant) and len() (the first dimension).
"""
import numpy as np
from numba import cuda


@cuda.jit("void(float32[:], float64[:, :], int16[:, :, :], int64[:])")
def attributes(v, m, t, out):
    out[0] = v.size
    out[1] = len(v)
    out[2] = v.ndim
    rows, cols = m.shape
    out[3] = rows
    out[4] = cols
    out[5] = m.size
    out[6] = len(m)  # rows
    out[7] = m.ndim
    out[8] = t.shape[0] * 100 + t.shape[1] * 10 + t.shape[2]
    out[9] = t.size
    out[10] = t.ndim
    shape = t.shape
    out[11] = len(shape)
    out[12] = shape[2]


if __name__ == "__main__":
    v = np.zeros(17, dtype=np.float32)
    m = np.zeros((3, 8), dtype=np.float64)
    t = np.zeros((2, 5, 4), dtype=np.int16)
    out = cuda.device_array(13, dtype=np.int64)
    attributes[1, 1](cuda.to_device(v), cuda.to_device(m), cuda.to_device(t), out)
    r = out.copy_to_host()
    print(f"vector: size {r[0]}, len {r[1]}, ndim {r[2]}")
    print(f"matrix: shape ({r[3]}, {r[4]}), size {r[5]}, len {r[6]}, ndim {r[7]}")
    print(f"tensor: shape digits {r[8]}, size {r[9]}, ndim {r[10]}, len(shape) {r[11]}, shape[2] {r[12]}")
