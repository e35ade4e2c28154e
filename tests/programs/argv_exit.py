"""sys.argv and sys.exit: a size read from the command line with a default
(`int(sys.argv[1]) if len(sys.argv) > 1 else 10`), the arguments printed, indexed from the end
sliced and iterated, and the program ending with sys.exit(3) after its output.
"""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# py2cuda-program-args: 12 extra 'two words'
import sys

import numpy as np
from numba import cuda


@cuda.jit
def iota(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = i * i


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    print("script name given:", len(sys.argv[0]) > 0)
    print("arguments:", sys.argv[1:])
    print("count:", len(sys.argv) - 1, "last:", sys.argv[-1])
    for position, word in enumerate(sys.argv[2:]):
        print("  word %d: %r (%d characters)" % (position, word, len(word)))
    a = np.zeros(n, dtype=np.int64)
    iota[1, 32](a)
    print(n, a.sum())
    sys.exit(3)
    print("not reached")
