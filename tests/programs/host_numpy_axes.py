# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
"""NumPy host functions along an axis and their relatives, on a kernel's results: keepdims= of the
reductions, reductions over a tuple of adjacent axes, the nan* reductions (nanvar/nanstd/nanargmax/nanargmin too), np.linalg.norm(axis=), np.average (weights= of a's shape or 1-D) and np.ptp with axis=,
np.logspace/np.geomspace, np.array_split/np.split (sections and split points), np.cov/np.corrcoef,
np.unique(return_index=, return_inverse=), np.save, and NumPy's error messages for them."""
import numpy as np
from numba import cuda


@cuda.jit
def scale_rows(a, out):
    i, j = cuda.grid(2)
    if i < a.shape[0] and j < a.shape[1]:
        out[i, j] = a[i, j] * (i + 1) + 0.25 * j


def main():
    a = np.arange(12.0).reshape(3, 4)
    out = np.zeros_like(a)
    scale_rows[(1, 1), (4, 4)](a, out)
    print(out)

    # keepdims: normalising rows and columns
    print(out.sum(axis=1, keepdims=True))
    print(out / out.max(axis=0, keepdims=True))
    centred = out - out.mean(axis=1, keepdims=True)
    print(centred)
    print(np.sum(out, keepdims=True), np.max(out, axis=-1, keepdims=True).shape)
    print(np.std(out, axis=0, keepdims=True), out.var(axis=1, ddof=1, keepdims=True))
    print(np.argmax(out, axis=1, keepdims=True), np.min(np.arange(5), keepdims=True))
    print(np.any(out > 20, axis=0, keepdims=True), np.prod(np.arange(1, 5), axis=0, keepdims=True))

    # several adjacent axes at once: per-channel statistics of an image
    img = (np.linspace(0.0, 1.0, 5 * 6 * 3) ** 2).reshape(5, 6, 3).astype(np.float32)
    print(img.mean(axis=(0, 1)), img.std(axis=(0, 1)), np.sum(img, axis=(1, 2)))
    print(np.max(img, axis=(-1, -2)), img.var(axis=(1, 2), ddof=1, keepdims=True).shape, np.sum(img, axis=(0, 1, 2)))
    print(np.mean(img, axis=(0, 1), keepdims=True), np.any(img > 0.9, axis=(1, 2)))

    # nan* reductions along an axis
    m = out.copy()
    m[0, 1] = np.nan
    m[2, 3] = np.nan
    m[1, 1:] = np.nan
    print(np.nansum(m, axis=0), np.nansum(m, axis=1), np.nansum(m, axis=-1, keepdims=True))
    print(np.nanmean(m, axis=0), np.nanmax(m, axis=1), np.nanmin(m, axis=0))
    print(np.nanmean(m.astype(np.float32), axis=1), np.nanmax(m, keepdims=True))
    print(np.nansum(np.arange(6).reshape(2, 3), axis=1), np.nanmean(np.arange(6).reshape(2, 3), axis=0))
    print(np.nanmean(np.array([1.0, np.nan, 4.0]), axis=0))
    print(np.nanstd(m), np.nanvar(m, ddof=1), np.nanstd(m.astype(np.float32)), np.nanvar(np.arange(5)))
    print(np.nanargmax(m), np.nanargmin(m), np.nanargmax(np.arange(4)))
    try:
        np.nanargmax(np.array([np.nan, np.nan]))
    except ValueError as e:
        print("ValueError:", e)

    # norms of rows and columns
    print(np.linalg.norm(out, axis=1), np.linalg.norm(out, axis=0, keepdims=True), np.linalg.norm(out[0], axis=0))
    print(np.linalg.norm(out.astype(np.float32), axis=-1), np.linalg.norm(np.arange(6).reshape(2, 3), axis=0))

    # matrix products (float64: OpenBLAS's order of additions on x86-64)
    g = np.linspace(-1.0, 1.0, 64).reshape(8, 8) ** 3
    h = g @ g.T + np.dot(g, g)
    print(h[0], h.sum(), repr(h[3, 5]))

    # average and ptp along an axis
    w = np.array([1.0, 2.0, 3.0, 4.0])
    print(np.average(out, axis=0), np.average(out, axis=1, weights=w))
    print(np.average(out, axis=0, weights=np.array([3, 1, 1])), np.average(out, axis=1, weights=out))
    print(np.average(np.arange(12).reshape(3, 4), axis=1), np.average(out, axis=1, weights=w, keepdims=True))
    print(np.ptp(out, axis=0), np.ptp(out, axis=1), np.ptp(np.arange(12, dtype=np.int8).reshape(3, 4) * 20, axis=1))
    try:
        np.average(out, axis=0, weights=w)
    except ValueError as e:
        print("ValueError:", e)
    try:
        np.average(out, axis=1, weights=np.array([1.0, -1.0, 0.0, 0.0]))
    except ZeroDivisionError as e:
        print("ZeroDivisionError:", e)

    # logspace / geomspace
    print(np.logspace(0, 3, 4), np.logspace(0, 1, 5, base=2.0))
    print(np.logspace(-2, 2, num=5, endpoint=False), np.logspace(0, 2, 3, dtype=np.float32))
    print(np.geomspace(1, 1000, 4), np.geomspace(-1, -256, num=9), np.geomspace(2, 54, 4, endpoint=False))
    print(np.geomspace(1.0, 2.0, 7), np.geomspace(1, 100, 3, dtype=np.int64))
    try:
        np.geomspace(0, 10)
    except ValueError as e:
        print("ValueError:", e)

    # array_split / split
    data = np.arange(10) * 3
    for part in np.array_split(data, 3):
        print(part, part.sum())
    pieces = np.split(data, 5)
    print(len(pieces), pieces[2], pieces[-1])
    cut = np.split(data, [2, 7])
    print(cut[0], cut[1], cut[2])
    print(np.array_split(data, [-3, 100])[1], len(np.array_split(data, 4)))
    for block in np.array_split(out, 2, axis=1):
        print(block)
    rows = np.split(out, 3)
    print(rows[1], rows[1].shape)
    try:
        np.split(data, 4)
    except ValueError as e:
        print("ValueError:", e)

    # cov / corrcoef
    x = np.linspace(0.0, 2.0, 9)
    y = x ** 2 - 0.5 * x
    print(np.cov(x, y))
    print(np.cov(x), np.cov(x, bias=True), np.cov(x, ddof=2))
    print(np.cov(np.vstack([x, y, 1.0 - x])))
    print(np.cov(out, rowvar=False))
    print(np.corrcoef(x, y))
    print(np.corrcoef(out))
    print(np.corrcoef(x), np.corrcoef(out.T, rowvar=False)[0, 2])

    # np.unique's indices: first occurrences, the inverse mapping, counts
    labels = (out.ravel() * 4).astype(np.int64) % 7
    u, first, inverse = np.unique(labels, return_index=True, return_inverse=True)
    print(u, first, inverse, u[inverse])
    vals, inv2, counts = np.unique(m, return_inverse=True, return_counts=True)
    print(vals, inv2, counts)

    # transpose with axes: result axis d is the array's axis axes[d] (HWC to CHW)
    hwc = np.arange(24).reshape(2, 3, 4)
    chw = hwc.transpose(2, 0, 1)
    print(chw.shape, chw[1, 0, :], np.transpose(hwc, (1, 2, 0))[2, 3], np.transpose(hwc, axes=(0, 2, 1)).shape)
    print(np.transpose(m, (-1, 0)).shape, hwc.transpose((2, 1, 0))[3, 2], chw.sum(axis=0))

    # np.save writes a file NumPy can read
    np.save("/tmp/py2cuda_host_numpy_axes", out)
    np.save("/tmp/py2cuda_host_numpy_axes_column.npy", out[:, 1])
    print("saved")


if __name__ == "__main__":
    main()
