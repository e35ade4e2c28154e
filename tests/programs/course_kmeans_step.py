# oracle: whole-program (k-means: assignment kernel, atomic centroid sums, convergence loop on the host)
import math

import numpy as np
from numba import cuda


@cuda.jit(device=True)
def sq_dist(points, i, centroids, c):
    d = 0.0
    for k in range(points.shape[1]):
        diff = points[i, k] - centroids[c, k]
        d += diff * diff
    return d


@cuda.jit
def assign(points, centroids, labels):
    i = cuda.grid(1)
    if i >= points.shape[0]:
        return
    best = 0
    best_d = sq_dist(points, i, centroids, 0)
    for c in range(1, centroids.shape[0]):
        d = sq_dist(points, i, centroids, c)
        if d < best_d:
            best_d = d
            best = c
    labels[i] = best


@cuda.jit
def accumulate(points, labels, sums, counts):
    i = cuda.grid(1)
    if i < points.shape[0]:
        c = labels[i]
        for k in range(points.shape[1]):
            cuda.atomic.add(sums, (c, k), points[i, k])
        cuda.atomic.add(counts, c, 1)


def make_blobs(rng, centers, per_cluster, spread):
    parts = []
    for cx, cy in centers:
        parts.append(rng.normal(0.0, spread, size=(per_cluster, 2)) + np.array([cx, cy]))
    return np.vstack(parts)


def kmeans(points, k, iterations=10, tpb=64):
    centroids = points[:k].copy()
    d_points = cuda.to_device(points)
    labels = cuda.device_array(points.shape[0], dtype=np.int32)
    blocks = math.ceil(points.shape[0] / tpb)
    history = []
    for it in range(iterations):
        d_centroids = cuda.to_device(centroids)
        assign[blocks, tpb](d_points, d_centroids, labels)
        sums = np.zeros((k, points.shape[1]))
        counts = np.zeros(k, dtype=np.int32)
        d_sums = cuda.to_device(sums)
        d_counts = cuda.to_device(counts)
        accumulate[blocks, tpb](d_points, labels, d_sums, d_counts)
        sums = d_sums.copy_to_host()
        counts = d_counts.copy_to_host()
        new = sums / np.maximum(counts, 1)[:, None]
        shift = float(np.abs(new - centroids).max())
        history.append(round(shift, 6))
        centroids = new
        if shift < 1e-9:
            print(f"converged after {it + 1} iterations")
            break
    return centroids, labels.copy_to_host(), history


def main():
    rng = np.random.default_rng(7)
    centers = [(0.0, 0.0), (5.0, 5.0), (-4.0, 6.0)]
    points = make_blobs(rng, centers, 40, 0.6)
    perm = rng.permutation(points.shape[0])
    points = points[perm]
    print("points:", points.shape, points.dtype)
    centroids, labels, history = kmeans(points, 3)
    print("shifts:", history[:4])
    order = np.argsort(centroids[:, 0])
    print("centroids (sorted by x):")
    print(np.round(centroids[order], 3))
    sizes = np.bincount(labels, minlength=3)
    print("cluster sizes:", sorted(sizes.tolist()))
    # the host check: every point's nearest centroid is its label
    d = ((points[:, None, :] - centroids[None, :, :]) ** 2).sum(axis=2)
    print("labels match NumPy:", np.array_equal(d.argmin(axis=1), labels))
    inertia = d.min(axis=1).sum()
    print(f"inertia {inertia:.4f}")
    uniq, cnt = np.unique(labels, return_counts=True)
    summary = {int(c): int(n) for c, n in zip(uniq, cnt)}
    print(sorted(summary.values()))


if __name__ == "__main__":
    main()
