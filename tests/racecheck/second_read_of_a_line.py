"""Race: of two reads of one shared array on a line, the second is the racing one.

Thread 0 reads buf[1] before thread 1 has stored it: the report's caret is on buf[t + 1], the
read that raced, not on the line's first subscript of buf.
"""
import numpy as np
from numba import cuda, float32


@cuda.jit
def pair_sum(x, out):
    buf = cuda.shared.array(64, dtype=float32)
    t = cuda.threadIdx.x
    buf[t] = x[t]
    if t < 63:
        out[t] = buf[t] + buf[t + 1]


x = np.arange(64, dtype=np.float32)
out = np.zeros(64, dtype=np.float32)
pair_sum[1, 64](x, out)
print(out[:4])
# racecheck-expect: second_read_of_a_line.py:14:5: error: data race on shared array 'buf' element 1 (block (0,0,0)): thread (1,0,0) writes it here while thread (0,0,0) reads it at second_read_of_a_line.py:16:27 with no cuda.syncthreads() between
