"""Reductions on host arrays, after a kernel filled them."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def pattern(m):
    r, c = cuda.grid(2)
    if r < m.shape[0] and c < m.shape[1]:
        m[r, c] = (r * 7 + c * 3) % 11 - 4


if __name__ == "__main__":
    mi = np.zeros((5, 8), dtype=np.int64)
    pattern[(1, 1), (8, 8)](mi)
    print(mi)
    print("int sum", mi.sum(), "mean", mi.mean(), "min", mi.min(), "max", mi.max())
    print("argmax", mi.argmax(), "argmin", np.argmin(mi), "std", mi.std())
    print("sum axis=0", mi.sum(axis=0))
    print("sum axis=1", mi.sum(axis=1))
    print("max axis=0", mi.max(axis=0), "min axis=1", mi.min(axis=1))
    print("mean axis=1", mi.mean(axis=1))
    print("np.sum", np.sum(mi), "np.mean", np.mean(mi), "np.max", np.max(mi))

    mf = np.zeros((6, 4), dtype=np.float32)
    pattern[(1, 1), (8, 8)](mf)
    mf = mf * 0.5
    print(mf.dtype, mf.sum(), mf.mean(), mf.min(), mf.max(), mf.argmax())
    print("f32 std", mf.std(), "axis=0", mf.std(axis=0))
    print("f32 sum axis=1", mf.sum(axis=1), "mean axis=0", mf.mean(axis=0))

    big = np.arange(100000, dtype=np.float32) * np.float32(0.001)
    print("big f32 sum", big.sum(), "mean", big.mean())
    big64 = np.arange(100000) * 0.001
    print("big f64 sum", big64.sum(), "std", big64.std())
    ints = np.arange(1, 101, dtype=np.int32)
    total = ints.sum()
    print("int32 sum", total, total.dtype, "mean", ints.mean(), "std", ints.std())
