# oracle: whole-program (2-D heat diffusion with shared-memory tiles, timed with cuda.event)
import argparse

import numpy as np
from numba import cuda

TILE = 8


@cuda.jit
def diffuse(u, u_new, alpha):
    tile = cuda.shared.array((TILE + 2, TILE + 2), dtype=np.float64)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    i, j = cuda.grid(2)
    n, m = u.shape
    if i < n and j < m:
        tile[tx + 1, ty + 1] = u[i, j]
        if tx == 0 and i > 0:
            tile[0, ty + 1] = u[i - 1, j]
        if tx == TILE - 1 and i < n - 1:
            tile[TILE + 1, ty + 1] = u[i + 1, j]
        if ty == 0 and j > 0:
            tile[tx + 1, 0] = u[i, j - 1]
        if ty == TILE - 1 and j < m - 1:
            tile[tx + 1, TILE + 1] = u[i, j + 1]
    cuda.syncthreads()
    if 0 < i < n - 1 and 0 < j < m - 1:
        lap = (tile[tx, ty + 1] + tile[tx + 2, ty + 1] + tile[tx + 1, ty] + tile[tx + 1, ty + 2]
               - 4.0 * tile[tx + 1, ty + 1])
        u_new[i, j] = tile[tx + 1, ty + 1] + alpha * lap
    elif i < n and j < m:
        u_new[i, j] = u[i, j]


def step_numpy(u, alpha):
    out = u.copy()
    out[1:-1, 1:-1] = u[1:-1, 1:-1] + alpha * (
        u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] - 4.0 * u[1:-1, 1:-1])
    return out


def parse():
    parser = argparse.ArgumentParser(description="2-D heat diffusion")
    parser.add_argument("--n", type=int, default=12, help="grid rows")
    parser.add_argument("--m", type=int, default=19, help="grid columns")
    parser.add_argument("--steps", type=int, default=12)
    parser.add_argument("--alpha", type=float, default=0.2)
    return parser.parse_args()


def main():
    args = parse()
    print(f"grid {args.n}x{args.m}, {args.steps} steps, alpha={args.alpha}")
    u0 = np.zeros((args.n, args.m))
    u0[args.n // 2 - 2:args.n // 2 + 2, args.m // 2 - 2:args.m // 2 + 2] = 100.0
    u0[0, :] = 10.0
    d_u = cuda.to_device(u0)
    d_v = cuda.device_array_like(d_u)
    threads = (TILE, TILE)
    blocks = ((args.n + TILE - 1) // TILE, (args.m + TILE - 1) // TILE)
    start = cuda.event()
    stop = cuda.event()
    start.record()
    for _ in range(args.steps):
        diffuse[blocks, threads](d_u, d_v, args.alpha)
        d_u, d_v = d_v, d_u
    stop.record()
    stop.synchronize()
    ms = start.elapsed_time(stop)
    print("elapsed time is a", type(ms).__name__)
    result = d_u.copy_to_host()
    ref = u0
    for _ in range(args.steps):
        ref = step_numpy(ref, args.alpha)
    np.testing.assert_allclose(result, ref, rtol=1e-12, atol=1e-12)
    print("matches NumPy:", np.allclose(result, ref))
    print(f"total heat {result.sum():.6f} (start {u0.sum():.1f})")
    print(f"max {result.max():.4f} at {np.unravel_index(np.argmax(result[1:]), result[1:].shape)}")
    np.set_printoptions(precision=2, suppress=True, linewidth=100)
    print(result[args.n // 2, ::3])
    print(result[::5, args.m // 2])
    print("row sums:", np.round(result.sum(axis=1)[:6], 3))


if __name__ == "__main__":
    main()
