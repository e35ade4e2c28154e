# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda, float64

N = 256

@cuda.jit
def inclusive_scan(a, out):
    tmp = cuda.shared.array(N, dtype=float64)
    i = cuda.threadIdx.x
    tmp[i] = a[i]
    cuda.syncthreads()
    offset = 1
    while offset < N:
        v = 0.0
        if i >= offset:
            v = tmp[i - offset]
        cuda.syncthreads()
        tmp[i] += v
        cuda.syncthreads()
        offset *= 2
    out[i] = tmp[i]


def main():
    a = np.linspace(0.5, 3.0, N)
    d_out = cuda.device_array_like(a)
    inclusive_scan[1, N](cuda.to_device(a), d_out)
    res = d_out.copy_to_host()
    ref = np.cumsum(a)
    np.set_printoptions(precision=3, suppress=True)
    print(res[:6])
    print(res[-3:])
    try:
        np.testing.assert_allclose(res, ref)
        print("scan matches cumsum")
    except AssertionError as e:
        print("mismatch", e)
    excl = np.concatenate((np.zeros(1), res[:-1]))
    print("exclusive head:", excl[:4])
    print(f"last = {res[-1]:.6e}")


if __name__ == "__main__":
    main()
