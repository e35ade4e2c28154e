"""Golden: comparison operators, chained comparisons, and comparisons across types.

`a < b < c` is `a < b and b < c` with b evaluated once and c not evaluated when a < b is false;
the `probe` device function counts its calls so both properties show in the output. Across
types, Numba picks the comparison both operands convert to safely: int32 with uint32 compares as
int64 (so -1 < 1u, where C++ would say false), int64 with uint64 as float64 (so 2**63 - 1 < 2**63
is False: both round to 2.0**63), and an integer with a float as float64 (so
2**53 + 1 == 2.0**53). NaN is unordered: every comparison with it is
False except !=.
"""
# simulator-differs: int64_vs_uint64
import numpy as np
from numba import cuda


@cuda.jit(device=True)
def probe(calls, i, value):
    calls[i] += 1
    return value


@cuda.jit("void(float64[:], int32[:], boolean[:, :])")
def compare(x, calls, out):
    i = cuda.grid(1)
    if i < x.size:
        v = x[i]
        out[i, 0] = v < 1.0
        out[i, 1] = v <= 1.0
        out[i, 2] = v == 1.0
        out[i, 3] = v != 1.0
        out[i, 4] = v > 1.0
        out[i, 5] = v >= 1.0
        out[i, 6] = 0.0 <= v < 2.0
        out[i, 7] = -1.0 < v <= 1.0 < 3.0
        # The middle operand is evaluated once; the last only when the first test holds.
        out[i, 8] = 0.0 < probe(calls, i, v) < probe(calls, i, 2.0)


@cuda.jit("void(int32[:], uint32[:], int64[:], uint64[:], float64[:], boolean[:])")
def mixed_types(i32, u32, signed, unsigned, real, out):
    out[0] = i32[0] < u32[0]  # as int64: -1 < 1
    out[1] = signed[0] < unsigned[0]  # as float64: both are 2.0**63
    out[2] = signed[1] == real[0]  # as float64: 2**53 + 1 rounds to 2**53
    out[3] = signed[2] < real[1]  # 3 < 3.5


if __name__ == "__main__":
    x = np.array([0.5, 1.0, 1.5, -1.0, 2.0, np.nan, -0.0], dtype=np.float64)
    n = 7
    calls = cuda.to_device(np.zeros(n, dtype=np.int32))
    out = cuda.device_array((n, 9), dtype=np.bool_)
    compare[1, 32](cuda.to_device(x), calls, out)
    r = out.copy_to_host()
    c = calls.copy_to_host()
    print("x: <1 <=1 ==1 !=1 >1 >=1 0<=x<2 -1<x<=1<3 0<probe(x)<probe(2) calls")
    for i in range(n):
        print(f"{x[i]}: {r[i, 0]} {r[i, 1]} {r[i, 2]} {r[i, 3]} {r[i, 4]} {r[i, 5]} {r[i, 6]} {r[i, 7]} "
              f"{r[i, 8]} {c[i]}")

    out = cuda.device_array(4, dtype=np.bool_)
    mixed_types[1, 1](cuda.to_device(np.array([-1], dtype=np.int32)),
                      cuda.to_device(np.array([1], dtype=np.uint32)),
                      cuda.to_device(np.array([9223372036854775807, 9007199254740993, 3], dtype=np.int64)),
                      cuda.to_device(np.array([9223372036854775808], dtype=np.uint64)),
                      cuda.to_device(np.array([9007199254740992.0, 3.5], dtype=np.float64)), out)
    m = out.copy_to_host()
    print(f"int32_vs_uint32: -1 < 1 is {m[0]}")
    print(f"int64_vs_uint64: 2**63 - 1 < 2**63 is {m[1]}")
    print(f"int_vs_float: 2**53 + 1 == 2.0**53 is {m[2]}, 3 < 3.5 is {m[3]}")
