# oracle: whole-program (NUMBA_ENABLE_CUDASIM=1 python host_list_order.py)
# Lists ordered as Python orders them, item by item: the group-by idiom (dict values that are
# lists of the indices a kernel's results share, sorted by key with sorted(d.items())), sorted(),
# max() and min() of lists of lists, and < / > between lists of different lengths.
import numpy as np
from numba import cuda

@cuda.jit
def k(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = a[i] * 3 % 7

a = np.arange(10, dtype=np.int64)
k[1, 32](a)
groups = {}
for i, v in enumerate(a):
    groups.setdefault(int(v), []).append(i)
for key, idx in sorted(groups.items()):
    print(key, idx)
rows = [[3, 1], [1, 2, 3], [1, 2], [2]]
print(sorted(rows), max(rows), min(rows), [1, 2] < [1, 2, 0], [2] > [1, 9], sorted(groups.values(), reverse=True)[:2])
print(sorted(groups.items(), key=lambda kv: len(kv[1]))[0])
print([1, 2] in rows, [9] not in rows, rows.index([2]), rows.count([1, 2]))
