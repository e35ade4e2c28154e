"""Top-level matrix-vector product, one block per row with a shared-memory tree reduction; a list of
dicts printed, .round() of NumPy scalars (np.dot(y, y).round(6)), argsort slicing."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda, float64

TPB = 32


@cuda.jit
def matvec(A, x, y):
    row = cuda.blockIdx.x
    tid = cuda.threadIdx.x
    buf = cuda.shared.array(TPB, dtype=float64)
    s = 0.0
    for j in range(tid, A.shape[1], TPB):
        s += A[row, j] * x[j]
    buf[tid] = s
    cuda.syncthreads()
    stride = TPB // 2
    while stride > 0:
        if tid < stride:
            buf[tid] += buf[tid + stride]
        cuda.syncthreads()
        stride //= 2
    if tid == 0:
        y[row] = buf[0]


def check(n, m):
    A = np.arange(n * m, dtype=np.float64).reshape(n, m) / (n * m)
    x = np.linspace(0.5, 1, m) ** 2
    y = np.zeros(n)
    matvec[n, TPB](A, x, y)
    expected = A @ x
    return y, expected


sizes = [(3, 5), (10, 64), (7, 100)]
report = []
closes = []
for n, m in sizes:
    y, e = check(n, m)
    diff = np.max(np.abs(y - e))
    closes.append(bool(np.allclose(y, e)))
    report.append({"n": n, "m": m, "close": np.allclose(y, e), "diff_small": bool(diff < 1e-12)})
    print(f"n={n} m={m}: y[:3]={y[:3]} norm={np.linalg.norm(y):.6f}")
for r in report:
    print(r)
print([round(v, 4) for v in y[:4]])
print("all close:", all(closes), any(not c for c in closes))
idx = np.argsort(y)[::-1][:3]
print("top rows:", idx, y[idx].round(3))
print("dot:", np.dot(y, y).round(6), "sum:", f"{y.sum():+.3e}")
