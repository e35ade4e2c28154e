"""Benign race: threads mark the keys they see; threads 0 and 4 both store 1 into seen[0].

Global memory, the same value: a warning once per pair of source locations, and the run goes on.
"""
import numpy as np
from numba import cuda


@cuda.jit
def mark_seen(keys, seen):
    i = cuda.grid(1)
    if i < keys.size:
        seen[keys[i]] = 1


keys = np.arange(256, dtype=np.int32) % 4
seen = np.zeros(6, dtype=np.int8)
mark_seen[4, 64](keys, seen)
print(seen)
# racecheck-warn: benign_global_mark.py:13:9: warning: benign data race on array 'seen' element 0 (block (0,0,0)): thread (4,0,0) writes it here while thread (0,0,0) writes it at benign_global_mark.py:13:9 with no cuda.syncthreads() between; both store the same value, so the result does not depend on their order, but CUDA's memory model still calls it a race (let one thread store it, or order the stores)
