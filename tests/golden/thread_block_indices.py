"""Golden: the thread hierarchy: cuda.threadIdx, blockIdx, blockDim, gridDim (.x .y .z, all
int32), cuda.laneid (the thread's index within its warp, from the linear thread index in the
block) and cuda.warpsize (32).

One kernel records everything for every thread of a (3, 2) grid of (8, 4, 2)-thread blocks: 64
threads per block, so two warps each.
"""
import numpy as np
from numba import cuda


@cuda.jit("void(int32[:, :])")
def hierarchy(out):
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    tz = cuda.threadIdx.z
    in_block = tx + cuda.blockDim.x * (ty + cuda.blockDim.y * tz)
    block = cuda.blockIdx.x + cuda.gridDim.x * cuda.blockIdx.y
    threads_per_block = cuda.blockDim.x * cuda.blockDim.y * cuda.blockDim.z
    row = block * threads_per_block + in_block
    out[row, 0] = tx
    out[row, 1] = ty
    out[row, 2] = tz
    out[row, 3] = cuda.blockIdx.x
    out[row, 4] = cuda.blockIdx.y
    out[row, 5] = cuda.blockIdx.z
    out[row, 6] = cuda.blockDim.x * 100 + cuda.blockDim.y * 10 + cuda.blockDim.z
    out[row, 7] = cuda.gridDim.x * 100 + cuda.gridDim.y * 10 + cuda.gridDim.z
    out[row, 8] = cuda.laneid
    out[row, 9] = in_block // cuda.warpsize  # the warp within the block


if __name__ == "__main__":
    rows = 6 * 64
    out = cuda.device_array((rows, 10), dtype=np.int32)
    hierarchy[(3, 2), (8, 4, 2)](out)
    r = out.copy_to_host()
    for row in [0, 1, 7, 8, 31, 32, 63, 64, 200, rows - 1]:
        print(f"row {row}: thread ({r[row, 0]}, {r[row, 1]}, {r[row, 2]}) block ({r[row, 3]}, {r[row, 4]}, "
              f"{r[row, 5]}) blockDim {r[row, 6]} gridDim {r[row, 7]} lane {r[row, 8]} warp {r[row, 9]}")
    lanes = 0
    for row in range(rows):
        lanes += int(r[row, 8])
    print(f"sum of lane ids = {lanes}")
