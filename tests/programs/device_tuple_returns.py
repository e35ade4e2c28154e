# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Device functions returning tuples, a local array, math functions, structured output.
import math
import numpy as np
from numba import cuda, float64, int32

ANGLES = np.array([0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0], dtype=np.float64)


@cuda.jit(device=True)
def to_polar(x, y):
    return math.hypot(x, y), math.atan2(y, x)


@cuda.jit(device=True)
def min_max(a, b):
    if a < b:
        return a, b
    return b, a


@cuda.jit(device=True)
def nearest_angle(theta):
    table = cuda.const.array_like(ANGLES)
    best = 0
    for k in range(1, table.shape[0]):
        if abs(table[k] - theta) < abs(table[best] - theta):
            best = k
    return best


@cuda.jit
def analyse(xy, polar, bins, extremes):
    i = cuda.grid(1)
    if i >= xy.shape[0]:
        return
    r, t = to_polar(xy[i, 0], xy[i, 1])
    polar[i, 0] = r
    polar[i, 1] = t
    lo, hi = min_max(xy[i, 0], xy[i, 1])
    extremes[i, 0] = lo
    extremes[i, 1] = hi
    digits = cuda.local.array(3, dtype=int32)
    q = int32(r * 100)
    for d in range(3):
        digits[d] = q % 10
        q //= 10
    bins[i] = nearest_angle(abs(t)) * 1000 + digits[2] * 100 + digits[1] * 10 + digits[0]


def main():
    pts = np.array([[1.0, 0.0], [0.0, 2.0], [-1.0, 1.0], [3.0, -4.0], [0.5, 0.5], [-2.0, -0.1]])
    n = len(pts)
    polar = np.zeros((n, 2))
    ext = np.zeros_like(pts)
    bins = np.zeros(n, dtype=np.int32)
    analyse[1, 32](pts, polar, bins, ext)
    print(f"{'x':>6} {'y':>6} | {'r':>8} {'theta':>8} {'deg':>8} | code")
    for (x, y), (r, t), code in zip(pts, polar, bins):
        print(f"{x:6.2f} {y:6.2f} | {r:8.4f} {t:8.4f} {math.degrees(t):8.2f} | {code:04d}")
    print("min/max ok:", np.array_equal(ext[:, 0], pts.min(axis=1)), np.array_equal(ext[:, 1], pts.max(axis=1)))
    np.testing.assert_allclose(polar[:, 0], np.hypot(pts[:, 0], pts[:, 1]))
    np.testing.assert_allclose(polar[:, 1], np.arctan2(pts[:, 1], pts[:, 0]))
    print("codes:", bins.tolist())
    print("repr:", repr(polar[3]))


main()
