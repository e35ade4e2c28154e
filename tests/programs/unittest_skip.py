# self.skipTest(reason) in host code: unittest.SkipTest, uncaught, ends the program as
# Python's does (unittest_skip.expected_exit: 1; unittest_skip.expected_stderr: the
# traceback's last line names the class by its module, unittest.case.SkipTest).
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import unittest

import numpy as np
from numba import cuda


@cuda.jit
def double(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= 2


def main(self):
    a = np.arange(8)
    double[1, 8](a)
    print(a)
    if a.sum() > 10:
        self.skipTest("Device does not support a large enough coop grid")
    print("not reached")


if __name__ == "__main__":
    main(unittest.TestCase())
