# oracle: whole-program (compiled Numba's values, from its loop rule; NOT the simulator's, see below)
"""NumPy ufuncs called on scalars in kernels, typed as Numba types them: by NumPy's loop list
(ufunc.types), the first loop every argument casts to under NumPy's safe casting, float16 loops
skipped, any integer casting to any float when integers and floats mix
(numba/np/numpy_support.py, ufunc_find_matching_loop). So np.sin of an int8, int16, uint8 or
bool computes in float32 (sinf; libdevice's __nv_sinf when compiled) and of an int32 in float64;
np.arctan2(float32, int32) and np.hypot(int16, float32) in float32; np.maximum(int8, uint8) in
int16 (max(-1, 255) is 255); np.maximum(float32, int32) in float32 (16777217 becomes 16777216).

Only ufuncs numba-cuda 0.30.4 can compile in a kernel are called (its CUDA ufunc_db: the
trigonometric and hyperbolic ones, log, log2, log10, arctan2, hypot, degrees/radians, isnan,
maximum/minimum/fmax/fmin; np.sqrt, np.exp, np.abs, np.floor, np.power... fail to compile with
"KeyError: <ufunc 'sqrt'>" there, though the simulator and py2cuda run them).

Oracle: NOT the simulator. It calls NumPy on NumPy scalars, and NumPy picks its float16 loop
for an int8 (np.sin(np.int8(1)) is float16 0.8413) and its promoted type for a mixed pair
(np.maximum(np.float32, np.int32) is float64). NAME.expected is what compiled Numba computes,
derived by hand: each result in its loop's type, as NumPy computes that loop on that type
(np.sin(np.float32(x)) for the float32 loop). Each float prints as %.6g and as f32 when it is a
float32 value (a float64 result of these inputs never is), so a one-ulp difference between libm,
NumPy's loops and libdevice cannot show but the loop's type does."""
import numpy as np
from numba import cuda

N_FLOAT = 12


@cuda.jit
def float_loops(i8, i16, u8, i32, f32, flags, out):
    k = cuda.grid(1)
    if k < i8.shape[0]:
        out[k, 0] = np.sin(i8[k])             # f->f
        out[k, 1] = np.cos(i16[k])            # f->f
        out[k, 2] = np.log(u8[k])             # f->f
        out[k, 3] = np.sin(i32[k])            # d->d
        out[k, 4] = np.tanh(flags[k])         # bool: f->f
        out[k, 5] = np.arctan2(f32[k], i32[k])  # mixed: ff->f
        out[k, 6] = np.hypot(i16[k], f32[k])  # mixed: ff->f
        out[k, 7] = np.arctan2(i8[k], u8[k])  # int8, uint8 cast to float32: ff->f
        out[k, 8] = np.arctan2(i8[k], i32[k])  # int32 casts only to float64: dd->d
        out[k, 9] = np.degrees(i16[k])        # f->f
        out[k, 10] = np.log10(u8[k] + i8[k])  # int64 (Numba's integer arithmetic): d->d
        out[k, 11] = np.maximum(f32[k], i32[k])  # mixed: ff->f


@cuda.jit
def int_loops(i8, u8, i32, f32, out):
    k = cuda.grid(1)
    if k < i8.shape[0]:
        out[k, 0] = np.maximum(i8[k], u8[k])   # hh->h
        out[k, 1] = np.minimum(i8[k], u8[k])   # hh->h
        out[k, 2] = np.fmax(i32[k], u8[k])     # ii->i
        out[k, 3] = np.isnan(i8[k])            # b->? (False)
        out[k, 4] = np.isnan(f32[k] * 0.0)     # float64 (float32 * Python float): d->?


def show(v):
    kind = "f32" if float(np.float32(v)) == v or v != v else "f64"
    return f"{v:.6g}:{kind}"


if __name__ == "__main__":
    i8 = np.array([1, -3, 100, -128], dtype=np.int8)
    i16 = np.array([2, 300, -7, 1000], dtype=np.int16)
    u8 = np.array([3, 255, 7, 200], dtype=np.uint8)
    i32 = np.array([5, 16777217, -9, 123456789], dtype=np.int32)
    f32 = np.array([0.5, 0.25, -1.5, np.inf], dtype=np.float32)
    flags = np.array([True, False, True, True])
    out = np.zeros((4, N_FLOAT), dtype=np.float64)
    float_loops[1, 4](i8, i16, u8, i32, f32, flags, out)
    for row in out:
        print(" ".join(show(v) for v in row))
    ints = np.zeros((4, 5), dtype=np.int64)
    int_loops[1, 4](i8, u8, i32, f32, ints)
    for row in ints:
        print(" ".join(str(v) for v in row))
