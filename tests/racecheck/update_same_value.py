"""Updates (`a[i] += v`) are writes even when they change nothing.

sum_weights: every thread adds its weight to one total, and every weight is 0. Each `+=` stores
the value already there: no thread's result depends on the order, but they are unordered writes
of one element, a benign race (a warning; the run goes on).

count_then_set: thread 0 adds 1 to flag[0] (0 becomes 1), thread 1 stores 1. The sequential
run stores the same value second, but had thread 1 gone first, thread 0 would have read 1 and
stored 2: a race (an error), not a benign one.
"""
import numpy as np
from numba import cuda


@cuda.jit
def sum_weights(w, total):
    i = cuda.grid(1)
    if i < w.size:
        total[0] += w[i]


@cuda.jit
def count_then_set(flag):
    t = cuda.threadIdx.x
    if t == 0:
        flag[0] += 1
    elif t == 1:
        flag[0] = 1


w = np.zeros(64, dtype=np.float32)
total = np.zeros(1, dtype=np.float32)
sum_weights[1, 64](w, total)
flag = np.zeros(1, dtype=np.int32)
count_then_set[1, 2](flag)
print(total, flag)
# racecheck-warn: update_same_value.py:19:9: warning: benign data race on array 'total' element 0 (block (0,0,0)): thread (1,0,0) writes it here while thread (0,0,0) writes it at update_same_value.py:19:9 with no cuda.syncthreads() between; both store the same value, so the result does not depend on their order, but CUDA's memory model still calls it a race (let one thread store it, or order the stores)
# racecheck-expect: update_same_value.py:28:9: error: data race on array 'flag' element 0 (block (0,0,0)): thread (1,0,0) writes it here while thread (0,0,0) writes it at update_same_value.py:26:9 with no cuda.syncthreads() between
