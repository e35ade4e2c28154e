"""Host-side array handling around kernels: creating NumPy arrays of several dtypes, converting,
reshaping and slicing them, moving them to and from the device, and passing a NumPy array
straight to a kernel (Numba copies it to the device before the launch and back after it).
"""
import numpy as np
from numba import cuda


@cuda.jit("void(float32[:, :], float32)")
def scale_2d(m, factor):
    i, j = cuda.grid(2)
    if i < m.shape[0] and j < m.shape[1]:
        m[i, j] *= factor


@cuda.jit("void(int64[:], int64[:])")
def prefix_pairs(values, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = values[i] + (values[i - 1] if i > 0 else 0)


if __name__ == "__main__":
    zeros = np.zeros(4, dtype=np.int32)
    ones = np.ones(3, dtype=np.float64)
    full = np.full(2, 7, dtype=np.int16)
    steps = np.linspace(0.0, 1.0, 5, dtype=np.float32)
    counting = np.arange(12, dtype=np.int64)
    print(f"dtypes: {zeros.dtype} {ones.dtype} {full.dtype} {steps.dtype} {counting.dtype}")
    print(f"values: {zeros[3]} {ones[2]} {full[1]} {steps[1]} {counting[11]}")

    # Reshape to 3 x 4, convert to float32, and scale on the device.
    m = counting.reshape(3, 4).astype(np.float32)
    m_device = cuda.to_device(m)
    print(f"device array: shape {m_device.shape}, size {m_device.size}, ndim {m_device.ndim}, "
          f"dtype {m_device.dtype}")
    scale_2d[(1, 1), (4, 4)](m_device, np.float32(0.5))
    scaled = m_device.copy_to_host()
    print(f"scaled: {scaled[0, 0]} {scaled[1, 2]} {scaled[2, 3]}")

    # A slice of the host array, made contiguous before it is copied.
    evens = np.ascontiguousarray(counting[::2])
    middle = counting[3:9]
    out = cuda.device_array_like(evens)
    prefix_pairs[1, 8](cuda.to_device(evens), out)
    host_out = np.empty(6, dtype=np.int64)
    out.copy_to_host(host_out)  # into an existing array
    for i in range(6):
        print(f"evens[{i}] = {evens[i]}, pair sum = {host_out[i]}, middle[{i}] = {middle[i]}")

    # A NumPy array passed to a kernel directly: the result is copied back into it.
    direct = np.arange(6, dtype=np.float32).reshape(2, 3)
    scale_2d[(1, 1), (2, 4)](direct, np.float32(10.0))
    print(f"direct: {direct[0, 0]} {direct[0, 2]} {direct[1, 1]}")

    # np.tile: an int or a tuple of repetitions, the result as many dimensions as the longer.
    print(np.tile(np.arange(3), 2))
    print(np.tile(np.arange(3, dtype=np.float32), (2, 2)))
    print(np.tile(direct, (2, 1, 2)).shape, np.tile(direct, (2, 1, 2))[1, 1, 4])
    print(np.tile(direct[:, ::2], 2))

    # Iterating over a 2-D or 3-D array: each item is a view of one row (writes go through).
    for row in direct:
        print("".join("#" if v > 20 else "." for v in row), row.shape)
    for k, r in enumerate(np.arange(6).reshape(3, 2)):
        r[0] = -k
        print(k, r, r * 2)
    for plane in np.arange(8.0).reshape(2, 2, 2):
        for line in plane:
            print(line, end=" ")
    print()

    # np.iinfo / np.finfo limits: Python ints, and NumPy scalars of the float type.
    lims = np.array([np.iinfo(np.int32).min, np.iinfo(np.int32).max], dtype=np.int32)
    print(lims, np.iinfo(np.int64).max, np.iinfo(np.uint8).max, np.iinfo(np.int16).min, np.iinfo(np.int8).bits)
    print(np.finfo(np.float64).eps, np.finfo(np.float32).eps, np.finfo(np.float32).max, np.finfo(np.float64).tiny)
    print(np.finfo(np.float32).min, np.finfo(np.float32).resolution, np.finfo(float).precision, np.finfo(np.float32).eps * 2)
