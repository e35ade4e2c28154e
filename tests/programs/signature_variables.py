"""Kernel signatures kept in variables, as numba-cuda's documentation writes them: `sig =
void(int32[:])` then `@cuda.jit(sig)`. The decorator's argument is a name bound once to a
signature string, to a numba type call (`void(...)`, `types.void(...)`), to a tuple of argument
types (`(float64[:, ::1],)`, a signature without a return type) or to a list of signatures;
module-level names and local variables of the function defining the kernel.
"""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda, float32, int32, void

SCALE_SIG = "void(float32[:], float32)"
ADD_SIG = void(int32[:], int32[:], int32[:])
HALVE_SIGS = ["void(float64[:])", "void(int64[:])"]


@cuda.jit(SCALE_SIG)
def scale(a, k):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= k


@cuda.jit(ADD_SIG)
def add(out, x, y):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = x[i] + y[i]


@cuda.jit(HALVE_SIGS)
def halve(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] //= 2


def main():
    from numba.cuda import types

    rows_sig = (types.float64[:, ::1],)
    count_sig = types.void(types.int64[:], types.int64)

    @cuda.jit(rows_sig)
    def fill_rows(m):
        r, c = cuda.grid(2)
        if r < m.shape[0] and c < m.shape[1]:
            m[r, c] = r * 10 + c

    @cuda.jit(count_sig)
    def count_up(a, start):
        i = cuda.grid(1)
        if i < a.size:
            a[i] = start + i

    a = np.arange(6, dtype=np.float32)
    scale[1, 32](a, 1.5)  # the Python float converted to the signature's float32
    print("scale:", a)

    x = np.arange(5, dtype=np.int32)
    out = np.zeros(5, dtype=np.int32)
    add[1, 32](out, x, x * 3)
    print("add:", out, out.dtype)

    f = np.arange(5, dtype=np.float64) * 3
    i = np.arange(5, dtype=np.int64) * 3
    halve[1, 32](f)
    halve[1, 32](i)
    print("halve:", f, i)

    m = np.zeros((3, 4))
    fill_rows[(1, 1), (4, 4)](m)
    print("fill_rows:")
    print(m)

    c = np.zeros(4, dtype=np.int64)
    count_up[1, 8](c, 100)
    print("count_up:", c)


if __name__ == "__main__":
    main()
