# unittest.TestCase in host code, as numba-cuda's documentation examples use it (a test
# method's body run as main(unittest.TestCase())): every assertion method passing, on
# values a kernel computed, then one failing assertEqual with a msg that ends the program
# (unittest_assertions.expected_exit; unittest_assertions.expected_stderr is the
# traceback's last line, AssertionError in unittest's words).
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import unittest

import numpy as np
from numba import cuda


@cuda.jit
def count_below(x, limit, counts):
    i = cuda.grid(1)
    if i < x.size and x[i] < limit:
        cuda.atomic.add(counts, 0, 1)


def main(self):
    np.random.seed(7)
    x = np.random.random(1000).astype(np.float32)
    counts = np.zeros(1, dtype=np.int64)
    count_below[4, 256](x, np.float32(0.5), counts)
    n = counts[0]
    print("below 0.5:", n)
    self.assertEqual(n, (x < 0.5).sum())
    self.assertNotEqual(n, 0)
    self.assertTrue(np.all(x < 1.0))
    self.assertTrue("nonempty")
    self.assertFalse(np.any(x < 0.0))
    self.assertFalse(0.0)
    self.assertGreater(np.mean(x), 0.45)
    self.assertGreaterEqual(n, 400)
    self.assertLess(np.mean(x), 0.55, "mean too high")
    self.assertLessEqual(np.max(x), 1.0)
    self.assertAlmostEqual(np.float32(0.1) * 3, 0.3, places=6)
    self.assertAlmostEqual(1.0, 1.00000001)
    self.assertAlmostEqual(100, 103, delta=5)
    self.assertNotAlmostEqual(0.1, 0.2)
    self.assertIn(3, (1, 2, 3))
    self.assertIn("cuda", "numba.cuda")
    self.assertNotIn(4, (1, 2, 3))
    self.assertIsNotNone(n)
    self.assertIsNone(None)
    print("all passed")
    self.assertEqual(n + 1, n + 2, msg="counts differ")
    print("not reached")


if __name__ == "__main__":
    main(unittest.TestCase())
