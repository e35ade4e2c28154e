# oracle: whole-program (NUMBA_ENABLE_CUDASIM=1 python host_list_tuple_items.py)
# Lists of tuples searched and compared as Python compares their items: list.index, list.count,
# list.remove, `in` / `not in` and `==` of lists whose items are tuples (of floats, of an int and
# a str), with the points a kernel moved.
import numpy as np
from numba import cuda


@cuda.jit
def shift(xs, ys, dx):
    i = cuda.grid(1)
    if i < xs.size:
        xs[i] += dx
        ys[i] -= dx


points = [(0.0, 0.0), (1.0, 2.0), (3.0, 4.0), (1.0, 2.0)]
xs = np.array([p[0] for p in points])
ys = np.array([p[1] for p in points])
shift[1, 32](xs, ys, 1.0)
moved = [(float(x), float(y)) for x, y in zip(xs, ys)]
print(moved)
print(points.index((1.0, 2.0)), points.count((1.0, 2.0)), (3.0, 4.0) in points, (9.0, 9.0) not in points)
print(moved.index((2.0, 1.0)), (1.0, -1.0) in moved, moved.count((2.0, 1.0)))
kept = list(points)
kept.remove((1.0, 2.0))
print(kept, kept == points, kept[:1] == points[:1], moved != points)
try:
    points.index((5.0, 5.0))
except ValueError as e:
    print("ValueError:", e)
labelled = [(1, "a"), (2, "b"), (2, "b")]
print((2, "b") in labelled, labelled.index((2, "b")), labelled.count((2, "b")), (3, "b") in labelled)
