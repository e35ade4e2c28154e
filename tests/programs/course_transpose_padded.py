"""Matrix transpose through a padded shared tile (no bank conflicts), naive vs tiled,
timed with events; the times are printed only as facts."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda, float32

TILE = 16


@cuda.jit
def transpose_naive(a, out):
    x, y = cuda.grid(2)
    if y < a.shape[0] and x < a.shape[1]:
        out[x, y] = a[y, x]


@cuda.jit
def transpose_tiled(a, out):
    tile = cuda.shared.array(shape=(TILE, TILE + 1), dtype=float32)
    bx = cuda.blockIdx.x * TILE
    by = cuda.blockIdx.y * TILE
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    if by + ty < a.shape[0] and bx + tx < a.shape[1]:
        tile[ty, tx] = a[by + ty, bx + tx]
    cuda.syncthreads()
    # write the transposed block: swap block coordinates
    ox = by + tx
    oy = bx + ty
    if oy < out.shape[0] and ox < out.shape[1]:
        out[oy, ox] = tile[tx, ty]


def main():
    for rows, cols in [(16, 16), (33, 20), (5, 70)]:
        a = np.arange(rows * cols, dtype=np.float32).reshape(rows, cols) / 4
        d_a = cuda.to_device(a)
        grid = ((cols + TILE - 1) // TILE, (rows + TILE - 1) // TILE)
        for name, kernel in [("naive", transpose_naive), ("tiled", transpose_tiled)]:
            d_out = cuda.device_array((cols, rows), dtype=np.float32)
            start, stop = cuda.event(), cuda.event()
            start.record()
            kernel[grid, (TILE, TILE)](d_a, d_out)
            stop.record()
            stop.synchronize()
            ms = start.elapsed_time(stop)
            tiled = d_out.copy_to_host()
            print(f"{rows:3d}x{cols:<3d} {name}: {tiled.shape} correct={np.array_equal(tiled, a.T)} ms is float: {isinstance(ms, float)}")
    print(tiled[:3, :4])
    print(tiled.T.shape, tiled.dtype)


main()
