"""NumPy's legacy random generator (np.random.seed and friends): bit-exact values."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def scale_shift(x, scale, shift):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = x[i] * scale + shift


if __name__ == "__main__":
    np.random.seed(42)
    print("rand", np.random.rand(3))
    print("rand 2-D", np.random.rand(2, 2))
    print("random", np.random.random(3))
    print("random 2-D", np.random.random((2, 3)))
    print("randn", np.random.randn(4))
    print("uniform", np.random.uniform(-1.0, 1.0, 3))
    print("uniform size tuple", np.random.uniform(0, 10, size=(2, 2)))
    print("normal", np.random.normal(5.0, 2.0, 3))
    print("normal size", np.random.normal(size=2))
    print("randint", np.random.randint(0, 10, 8))
    print("randint one bound", np.random.randint(5, size=6))
    print("randint 2-D", np.random.randint(-3, 3, size=(2, 4)))
    print("scalar uniform", np.random.uniform(), "scalar rand", np.random.rand())

    np.random.seed(0)
    x = np.random.rand(1000).astype(np.float32)
    print("x[:4]", x[:4], x.dtype)
    d = cuda.to_device(x)
    scale_shift[4, 256](d, 2.0, -1.0)
    y = d.copy_to_host()
    print("y[:4]", y[:4])
    print("in [-1, 1):", bool(y.min() >= -1.0), bool(y.max() < 1.0))
    print("first 3 as repr:", repr(float(y[0])), repr(float(y[1])), repr(float(y[2])))

    np.random.seed(7)
    print("standard_normal", np.random.standard_normal(3))
    print("standard_normal 2-D", np.random.standard_normal((2, 2)))
    print("standard_normal scalar", repr(float(np.random.standard_normal())))
    print("exponential", np.random.exponential(2.0, 3))
    print("exponential size", np.random.exponential(size=(2, 2)))
    print("exponential scalar", repr(float(np.random.exponential())), repr(float(np.random.exponential(0.5))))
    print("standard_exponential", np.random.standard_exponential(4))
    e = np.random.standard_exponential(size=1000)
    print("exponential bits", repr(float(e[0])), repr(float(e[999])), repr(float(e[500])))

    np.random.seed(3)
    print("permutation int", np.random.permutation(10))
    p = np.random.permutation(np.arange(6) * 1.5)
    print("permutation array", p, p.dtype)
    m = np.arange(12).reshape(4, 3)
    print("permutation rows", np.random.permutation(m))
    print("m unchanged", m)
    a = np.arange(8)
    np.random.shuffle(a)
    print("shuffle", a)
    m2 = np.arange(15).reshape(5, 3)
    np.random.shuffle(m2)
    print("shuffle rows", m2)
    v = np.arange(10, dtype=np.float32)
    np.random.shuffle(v[::2])
    print("shuffle strided view", v)
    big = np.random.permutation(1000)
    print("permutation 1000", big[:5], big[-5:], int(big.sum()))

    # RandomState objects: each its own MT19937 stream, independent of np.random's.
    np.random.seed(5)
    rs = np.random.RandomState(42)
    rs2 = np.random.RandomState(42)
    print("rs rand", rs.rand(3), "rs2 rand", rs2.rand(3))
    print("rs randn", rs.randn(2, 2))
    print("global after rs", np.random.rand(2))
    print("rs randint", rs.randint(0, 10, size=5), rs.randint(7))
    print("rs uniform", rs.uniform(-1.0, 1.0, 3), "normal", rs.normal(1.0, 0.5, size=(2,)))
    print("rs random_sample", rs.random_sample(2), rs.random_sample())
    print("rs standard_normal", rs.standard_normal(3), "exponential", rs.exponential(2.0, 2))
    print("rs choice", rs.choice(10, 4), rs.choice(np.arange(5) * 2.0, 3, replace=False))
    print("rs permutation", rs.permutation(8))
    w = np.arange(7)
    rs.shuffle(w)
    print("rs shuffle", w)
    rs.seed(1)
    print("rs reseeded", rs.rand(2), repr(float(rs.standard_normal())))
    print("rs2 continues", rs2.rand(2))
    print("rs default seed draws", np.random.RandomState(2**32 - 1).randint(0, 1000, 3))
