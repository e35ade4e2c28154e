"""k-means as a user writes it: a class whose fit() launches the assignment kernel, attributes set to
None in __init__ and to arrays later, an attribute first set in a method (labels_), blobs made with
np.array(c) of a tuple loop variable, np.unique/np.bincount on the labels."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def assign(points, centers, labels, dists):
    i = cuda.grid(1)
    if i >= points.shape[0]:
        return
    best = 0
    bestd = 1e30
    for c in range(centers.shape[0]):
        d = 0.0
        for k in range(points.shape[1]):
            t = points[i, k] - centers[c, k]
            d += t * t
        if d < bestd:
            bestd = d
            best = c
    labels[i] = best
    dists[i] = bestd


class KMeans:
    def __init__(self, k, seed=0):
        self.k = k
        self.rng = np.random.RandomState(seed)
        self.centers = None

    def fit(self, X, iters=10):
        idx = self.rng.choice(len(X), self.k, replace=False)
        self.centers = X[idx].copy()
        labels = np.zeros(len(X), dtype=np.int32)
        dists = np.zeros(len(X))
        inertia = []
        for it in range(iters):
            assign[(len(X) + 127) // 128, 128](X, self.centers, labels, dists)
            inertia.append(dists.sum())
            for c in range(self.k):
                members = X[labels == c]
                if len(members):
                    self.centers[c] = members.mean(axis=0)
        self.labels_ = labels
        return inertia


def make_blobs(n, centers, rng):
    pts = [rng.normal(0.0, 0.3, size=(n, 2)) + np.array(c) for c in centers]
    return np.vstack(pts)


rng = np.random.RandomState(11)
X = make_blobs(50, [(0, 0), (3, 3), (-3, 2)], rng)
km = KMeans(3, seed=4)
inertia = km.fit(X, iters=6)
print("inertia:", ", ".join(f"{v:.3f}" for v in inertia))
order = np.argsort(km.centers[:, 0])
print("centers:\n", np.round(km.centers[order], 3))
sizes = np.bincount(km.labels_, minlength=3)
print("sizes:", sorted(sizes.tolist()))
print("monotone:", all(a >= b - 1e-9 for a, b in zip(inertia, inertia[1:])))
uniq, cnt = np.unique(km.labels_, return_counts=True)
print(dict(zip(uniq.tolist(), cnt.tolist())))
