"""Device arrays that kernels read from the scope around them, which Numba captures by pointer:
a module global (launched from the module's own code: py2cuda's host functions do not read
module-level host variables) and variables of the function defining the kernel. The kernels see the live
device memory, so a copy_to_device, or another kernel writing into the array, between two
launches reaches the next launch.
"""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda

WEIGHTS = cuda.to_device(np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]))


@cuda.jit
def weigh(x, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = x[i] * WEIGHTS[i]


def main():
    table = cuda.to_device(np.array([10, 20, 30, 40], dtype=np.int32))
    counts = cuda.device_array(4, dtype=np.int64)
    grid2 = cuda.to_device(np.arange(12, dtype=np.float32).reshape(3, 4))

    @cuda.jit
    def fill_counts(k):
        i = cuda.grid(1)
        if i < counts.size:
            counts[i] = table[i] * k

    @cuda.jit
    def row_sums(out):
        r = cuda.grid(1)
        if r < grid2.shape[0]:
            s = 0.0
            for c in range(grid2.shape[1]):
                s += grid2[r, c] * counts[c]
            out[r] = s

    fill_counts[1, 4](2)
    print("counts", counts.copy_to_host())
    sums = np.zeros(3)
    row_sums[1, 4](sums)
    print("row sums", sums)
    table.copy_to_device(np.array([1, 1, 2, 2], dtype=np.int32))
    fill_counts.forall(4)(3)
    row_sums.forall(3)(sums)
    print("counts", counts.copy_to_host(), "row sums", sums)


if __name__ == "__main__":
    x = np.arange(6, dtype=np.float64)
    out = np.zeros(6)
    weigh[1, 8](x, out)
    print("weighed", out)
    WEIGHTS.copy_to_device(np.full(6, 0.5))
    weigh[2, 4](x, out)
    print("reweighed", out)
    main()
