# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def fill_squares(out, offset):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = (i + offset) * (i + offset)


@cuda.jit
def add_into(a, b, c):
    i = cuda.grid(1)
    if i < c.size:
        c[i] = a[i] + b[i]


def squares_on_device(n, offset=0):
    d = cuda.device_array(n, dtype=np.int64)
    fill_squares[(n + 31) // 32, 32](d, offset)
    return d


def device_add(a, b):
    c = cuda.device_array_like(a)
    add_into[(a.size + 31) // 32, 32](a, b, c)
    return c


def describe(name, arr):
    h = arr.copy_to_host()
    print(f"{name:>6}: shape={h.shape} dtype={h.dtype} first={h[0]} last={h[-1]}")
    return h


def main():
    s0 = squares_on_device(10)
    s1 = squares_on_device(10, offset=3)
    total = device_add(s0, s1)
    h0 = describe("s0", s0)
    describe("s1", s1)
    ht = describe("total", total)
    print(ht)
    print("len", len(total), "size", total.size, "ndim", total.ndim)
    assert np.array_equal(ht, h0 + np.arange(3, 13) ** 2)
    sub = total[2:5]
    print("slice:", sub.copy_to_host())
    print(ht.reshape(2, 5))


if __name__ == "__main__":
    main()
