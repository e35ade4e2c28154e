"""NumPy's Generator (np.random.default_rng, PCG64): bit-exact values, used as kernel input."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def count_below(x, threshold, out):
    i = cuda.grid(1)
    if i < x.size and x[i] < threshold:
        cuda.atomic.add(out, 0, 1)


def main():
    rng = np.random.default_rng(12345)
    print("random", rng.random(4))
    print("random 2-D", rng.random((2, 3)))
    print("integers", rng.integers(0, 100, 6))
    print("integers one bound", rng.integers(10, size=5))
    print("integers 2-D", rng.integers(-5, 5, size=(2, 3)))
    print("uniform", rng.uniform(-2.0, 2.0, 3))
    print("uniform size", rng.uniform(size=2))
    print("scalar random", rng.random())

    rng2 = np.random.default_rng(7)
    x = rng2.random(5000)
    counts = np.zeros(1, dtype=np.int32)
    d_counts = cuda.to_device(counts)
    count_below[(5000 + 255) // 256, 256](cuda.to_device(x), 0.25, d_counts)
    got = d_counts.copy_to_host()[0]
    print("below 0.25:", got, "host:", int((x < 0.25).sum()))
    print("mean", x.mean())


if __name__ == "__main__":
    main()
