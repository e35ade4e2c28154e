# Host code the course and NumPy users write around kernels: the course's points on the unit
# circle for its l2_norm gufunc (np.stack(..., axis=1)), np.concatenate / vstack /
# hstack / trace, np.random.choice, lists printed as Python prints them, and the device
# list (cuda.gpus, cuda.is_available).
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def scale_rows(m, factor):
    i, j = cuda.grid(2)
    if i < m.shape[0] and j < m.shape[1]:
        m[i, j] *= factor[i]


if __name__ == "__main__":
    np.random.seed(7)
    angles = np.random.uniform(-np.pi, np.pi, 10)
    coords = np.stack([np.cos(angles), np.sin(angles)], axis=1)
    print(coords)
    print(np.sqrt((coords ** 2).sum(axis=1)))

    a = np.arange(6, dtype=np.int32).reshape(2, 3)
    b = np.arange(6, 12, dtype=np.int64).reshape(2, 3)
    print(np.concatenate([a, b]))
    print(np.concatenate((a, b), axis=1))
    print(np.concatenate([a, b], axis=-1).dtype)
    print(np.stack([a, b]).shape, np.stack((a, b), axis=2).shape, np.stack([a, b], axis=-1)[1])
    x = np.arange(3.0)
    y = np.ones(3, dtype=np.float32)
    print(np.vstack([x, y]), np.vstack((a, b)).shape)
    print(np.hstack([x, y]), np.hstack((a, b)))
    print(np.concatenate([x[::-1], x[1:], y]))
    m = np.arange(16.0).reshape(4, 4)
    print(np.trace(m), m.trace(), np.trace(m, 1), np.trace(m, offset=-2), np.trace(a), np.trace(a, 5))

    d_m = cuda.to_device(np.vstack([x, x, x]))
    scale_rows[(1, 1), (4, 4)](d_m, cuda.to_device(np.concatenate([x, np.array([10.0])])[1:]))
    print(d_m.copy_to_host())

    np.random.seed(3)
    print(np.random.choice(10), np.random.choice(10, 4), np.random.choice(5, (2, 3)))
    pool = np.array([1.5, 2.5, 3.5, 4.5])
    print(np.random.choice(pool), np.random.choice(pool, size=5), np.random.choice(pool[::2], 3))
    print(np.random.choice(8, 8, replace=False), np.random.choice(pool, 2, False))

    sizes = [16, 32, 64]
    ratios = [0.5, 1.0, 2.25]
    names = ["add", "mul"]
    print(sizes, ratios, names)
    print(str(sizes), repr(ratios), f"{sizes}", "{} {}".format(ratios, len(names)), "%s" % (sizes,))
    mixed = [1, 2.5, "three", True]
    print(mixed, len(mixed), sizes[1], ratios[-1])

    print(cuda.is_available(), len(cuda.gpus) > 0)
