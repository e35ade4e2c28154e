# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
"""NumPy's host functions programs check kernels' results with: np.finfo/np.iinfo limits,
Generator.random(dtype=np.float32), Generator.integers(endpoint=True), bincount, expand_dims/squeeze/atleast_*/broadcast_to,
nan_to_num and the nan* reductions, average/ptp, diag/tril/triu/identity/fliplr/flipud,
convolve/correlate, column_stack/dstack, interp, trapz, polyval, isin/in1d, take, swapaxes/moveaxis, and their
ValueError/IndexError/ZeroDivisionError messages."""
import numpy as np
from numba import cuda


@cuda.jit
def square(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] * x[i]


def main():
    # tolerances and limits
    print(np.finfo(np.float32).eps, np.finfo(np.float64).eps)
    print(np.finfo(np.float32).max, np.finfo(np.float32).min, np.finfo(np.float32).tiny)
    print(np.finfo(np.float64).max, np.finfo(np.float64).tiny, np.finfo(np.float64).resolution)
    print(np.finfo(np.float32).resolution, np.finfo(np.float32).bits, np.finfo(np.float64).precision)
    print(np.iinfo(np.int32).max, np.iinfo(np.int32).min, np.iinfo(np.uint8).max, np.iinfo(np.int64).min)
    print(np.iinfo(np.int16).bits, np.iinfo(np.uint32).max)
    x = np.linspace(0, 1, 7).astype(np.float32)
    tol = 4 * np.finfo(x.dtype).eps
    print(tol)

    # Generator.random float32
    rng = np.random.default_rng(7)
    r32 = rng.random(5, dtype=np.float32)
    print(r32, r32.dtype)
    print(rng.random(dtype=np.float32), rng.random((2, 3), np.float32))
    print(rng.random(3, dtype=np.float64))
    print(rng.integers(1, 6, size=10, endpoint=True), rng.integers(3, endpoint=True), rng.integers(0, 2, 8, dtype=np.int32, endpoint=True))

    # a kernel's results checked with bincount
    d = np.arange(12, dtype=np.int64) % 5
    out = np.zeros_like(d)
    square[1, 32](d, out)
    print(np.bincount(d), np.bincount(out, minlength=20))
    w = np.linspace(0.5, 3.0, 12)
    print(np.bincount(d, weights=w), np.bincount(np.zeros(0, dtype=np.int64)))
    print(np.bincount(np.array([True, False, True])), np.bincount(np.array([3, 1], dtype=np.uint8), minlength=2))

    # dimensions
    v = np.arange(6.0)
    e0 = np.expand_dims(v, 0)
    e1 = np.expand_dims(v, axis=-1)
    print(e0.shape, e1.shape, e1)
    m = np.arange(6).reshape(6, 1)
    print(np.squeeze(m, axis=1), m.squeeze(1).shape, np.squeeze(e0, 0).shape)
    print(np.atleast_1d(5.0), np.atleast_2d(v).shape, np.atleast_2d(m).shape, np.atleast_1d(v).shape)
    b = np.broadcast_to(np.arange(3), (2, 3))
    print(b, b.shape, np.broadcast_to(np.arange(4.0).reshape(4, 1), (4, 3)).sum())

    # NaN handling
    z = np.array([1.0, np.nan, -np.inf, 2.5, np.inf, np.nan])
    print(np.nan_to_num(z), np.nan_to_num(z, nan=-1.0, posinf=9.0, neginf=-9.0))
    print(np.nan_to_num(np.float32(np.nan)), np.nan_to_num(np.arange(3)))
    print(np.nansum(z[:4]), np.nanmax(z), np.nanmin(z), np.nanmean(np.array([1.0, np.nan, 4.0])))
    f32 = np.array([0.1, np.nan, 0.7, 0.25], dtype=np.float32)
    print(np.nansum(f32), np.nanmean(f32), np.nanmax(f32), np.nansum(np.arange(5)), np.nanmean(np.arange(5)))
    print(np.nanmax(np.array([np.nan, np.nan])))

    # statistics
    a = np.array([3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0])
    print(np.average(a), np.average(a, weights=np.arange(8)), np.average(np.arange(5), weights=np.ones(5, np.float32)))
    print(np.average(f32[[0, 2, 3]]), np.ptp(a), np.ptp(np.array([-100, 100], dtype=np.int8)), np.ptp(np.arange(12).reshape(3, 4)))

    # matrices
    print(np.diag(np.array([1, 2, 3])), np.diag(np.arange(2.0), k=1), np.diag(np.arange(2.0), -1))
    g = np.arange(12).reshape(3, 4)
    print(np.diag(g), np.diag(g, 1), np.diag(g, k=-2))
    print(np.tril(g), np.triu(g, 1), np.tril(g, k=-1))
    print(np.identity(3), np.identity(2, dtype=np.int32))
    print(np.fliplr(g), np.flipud(g), np.flipud(v))

    # convolution
    sig = np.array([1.0, 2.0, 3.0, 4.0, 5.0])
    k3 = np.array([0.25, 0.5, 0.25])
    print(np.convolve(sig, k3), np.convolve(sig, k3, mode="same"), np.convolve(sig, k3, "valid"))
    print(np.convolve(k3, sig), np.convolve(np.arange(4), np.arange(3)), np.correlate(sig, k3))
    print(np.correlate(sig, k3, "full"), np.correlate(k3, sig, mode="same"))
    rs = np.random.default_rng(3)
    big = rs.random(100)
    ker = rs.random(7)
    c1 = np.convolve(big, ker, "same")
    print(c1[:4], c1.sum(), np.correlate(big, ker, "full")[-3:])


    xp = np.array([0.0, 1.0, 2.5, 4.0])
    fp = np.array([1.0, 3.0, -2.0, 0.5])
    print(np.interp(1.7, xp, fp), np.interp(-1, xp, fp), np.interp(9.0, xp, fp, right=-7.0))
    q = np.linspace(-0.5, 4.5, 11)
    print(np.interp(q, xp, fp), np.interp(q, xp, fp, left=0.0, right=1.0))
    print(np.interp(np.arange(5), [1, 2, 3], [10, 20, 30]), np.interp(np.array([[0.3, 2.0], [np.nan, 3.9]]), xp, fp))
    y = np.sin(np.linspace(0, np.pi, 101))
    print(np.trapz(y, dx=np.pi / 100), np.trapz(y, np.linspace(0, np.pi, 101)), np.trapz(np.arange(10)))
    print(np.trapz(y.astype(np.float32)), np.trapz(np.arange(6), dx=2), np.trapz(np.arange(5.0), x=np.arange(5) ** 2))
    print(np.polyval([1, -2, 3], 2), np.polyval(np.array([0.5, 0.0, -1.0]), np.linspace(0, 1, 5)), np.polyval([2, 1], 1.5))
    print(np.polyval(np.array([3.0, 2.0]), np.arange(3).astype(np.float32)), np.polyval([1, 2, 3], np.arange(4)))
    vals = np.arange(10)
    print(np.isin(vals, [2, 3, 7]), np.isin(vals.reshape(2, 5), np.array([0.0, 4.0, 9.5])), np.isin(vals, [1, 5], invert=True))
    print(np.in1d(np.array([[1.5, np.nan], [2.0, 3.0]]), np.array([np.nan, 2.0])))
    print(np.take(vals * 3, [0, -1, 4]), np.take(np.arange(12).reshape(3, 4), np.array([[1, 11], [5, 6]])), np.take(vals, 3))
    print((vals * 2).take([1, 2]))
    t3 = np.arange(24).reshape(2, 3, 4)
    print(np.swapaxes(t3, 0, 2).shape, np.swapaxes(t3, 0, 2)[3, 1], np.moveaxis(t3, 0, -1).shape, np.moveaxis(t3, -1, 0)[2])
    print(t3.swapaxes(1, 2).shape, np.moveaxis(t3, 1, 0)[1, 1])
    cx = np.arange(4)
    cy = np.linspace(0.0, 1.5, 4)
    print(np.column_stack((cx, cy)), np.column_stack([cx, cx * 2, cx * 3]).shape)
    print(np.column_stack((np.arange(6).reshape(3, 2), np.arange(3))))
    print(np.dstack((cx, cx)).shape, np.dstack([np.ones((2, 2)), np.zeros((2, 2))]))
    try:
        np.column_stack((np.arange(3), np.arange(4)))
    except ValueError as e:
        print("ValueError:", e)
    try:
        np.take(vals, [10])
    except IndexError as e:
        print("IndexError:", e)
    try:
        np.broadcast_to(np.arange(3), (2, 4))
    except ValueError as e:
        print("ValueError:", e)
    try:
        np.bincount(np.array([1, -1]))
    except ValueError as e:
        print("ValueError:", e)
    try:
        np.average(np.arange(3.0), weights=np.zeros(3))
    except ZeroDivisionError as e:
        print("ZeroDivisionError:", e)
    try:
        np.squeeze(np.zeros((2, 3)), axis=1)
    except ValueError as e:
        print("ValueError:", e)
    try:
        np.interp(1.0, np.zeros(0), np.zeros(0))
    except ValueError as e:
        print("ValueError:", e)
    try:
        np.convolve(np.zeros(0), np.ones(3))
    except ValueError as e:
        print("ValueError:", e)


if __name__ == "__main__":
    main()
