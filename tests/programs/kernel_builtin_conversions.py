# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Numba's typing of int(), float(), divmod() and round(x, n) in kernels, where it is not C's or
# the simulator's: int() of an integer keeps its type (int(uint8) - int(uint8) wraps as uint64),
# float() of a float32 stays float32 (its products round to float32), divmod computes in the one
# type its overloads resolve to (uint64 for uint8 with bool, float64 for int64 with uint64, where
# `//` gives int64), round(int, n) is a float64, and float('inf') of a constant string a
# float64. `.expected` from the CPU oracle (tools/numba_check.py --update: compiled Numba's
# typing), which the simulator's Python ints would not give.
import numpy as np
from numba import cuda


@cuda.jit
def conversions(u8, f32, big, flag, out, fout):
    i = cuda.grid(1)
    if i == 0:
        out[0] = int(u8[0]) - int(u8[1])
        fout[0] = float(f32[0]) * np.float32(0.1)
        acc = float(f32[0])
        for k in range(3):
            acc += f32[k] * np.float32(0.3)
        fout[1] = acc
        q, r = divmod(u8[2], flag[0])
        fout[2] = -q
        fout[3] = r
        q2, r2 = divmod(big[0], big[1])
        fout[4] = q2
        fout[5] = r2
        fout[6] = round(big[2], 2)
        out[1] = u8[0] // flag[0]
        lo = float('inf')
        for k in range(3):
            lo = min(lo, f32[k] * 2.0)
        fout[7] = lo
        fout[8] = -float("inf")


u8 = np.array([3, 5, 100], dtype=np.uint8)
f32 = np.array([0.3, 1.7, 2.9], dtype=np.float32)
big = np.array([9007199254740993, 3, 7], dtype=np.int64)
flag = np.array([True])
out = np.zeros(2, dtype=np.float64)
fout = np.zeros(9, dtype=np.float64)
conversions[1, 32](u8, f32, big.astype(np.int64), flag, out, fout)
print(out.tolist())
print(fout.tolist())
