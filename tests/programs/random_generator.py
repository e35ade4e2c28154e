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

    rng3 = np.random.default_rng(11)
    print("gen permutation int", rng3.permutation(10))
    print("gen permutation array", rng3.permutation(np.arange(6) * 0.5))
    rows = np.arange(15).reshape(5, 3)
    print("gen permutation rows", rng3.permutation(rows))
    a = np.arange(9)
    rng3.shuffle(a)
    print("gen shuffle", a)
    rng3.shuffle(rows)
    print("gen shuffle rows", rows)
    v = np.arange(10, dtype=np.float32)
    rng3.shuffle(v[1::2])
    print("gen shuffle strided view", v)
    big = rng3.permutation(100000)
    print("gen permutation 100000", big[:4], big[-4:], "then", rng3.integers(0, 1000, 3))

    # The ziggurat draws (normal, exponential), printed to the last bit: sums of many
    # draws go through every layer and the tails.
    rng4 = np.random.default_rng(2024)
    print("normal", rng4.normal(0.0, 1.0, 4))
    print("normal scalars", rng4.normal(), rng4.normal(5.0, 2.0), rng4.standard_normal())
    z = rng4.standard_normal(200000)
    print("standard_normal 200000: sum", z.sum(), "min", z.min(), "max", z.max(), "last", z[-1])
    e = rng4.exponential(2.0, 100000)
    print("exponential 100000: sum", e.sum(), "max", e.max(), "first", e[0])
    print("standard_exponential", rng4.standard_exponential(), "then", rng4.integers(0, 1000, 3))
    noisy = (np.arange(4096) * 0.001 + rng4.normal(0.0, 0.01, 4096)).astype(np.float32)
    below = np.zeros(1, dtype=np.int32)
    count_below[16, 256](noisy, np.float32(2.0), below)
    print("noisy below 2.0:", below[0], "host:", int((noisy < 2.0).sum()))


if __name__ == "__main__":
    main()
