"""Several steps of a 1-D heat-equation (Jacobi) smoothing in ONE kernel launch, with a grid barrier.

Cooperative groups: `cuda.cg.this_grid()` is the group of every thread of the grid, and its
`sync()` is a barrier for all of them. Without it, each smoothing step would need a kernel launch
of its own, because step s + 1 reads the neighbours that other blocks wrote in step s. With it the
kernel loops over the steps itself:
  1. every thread updates its elements of the destination array with a grid-stride loop,
     u'[i] = u[i-1]/4 + u[i]/2 + u[i+1]/4, the two end points held fixed;
  2. g.sync(): no thread starts the next step before every thread of the grid finished this one;
  3. the two arrays swap roles (ping-pong): the step's output is the next step's input.
A kernel that calls this_grid() is launched cooperatively (Numba does it, and so does py2cuda's
launch stub, with cudaLaunchCooperativeKernel): every block must be resident on the GPU at once,
so the grid is kept small (8 blocks of 64 threads here) and the grid-stride loop covers the rest.

The inputs are integers below 2**12 and there are 8 steps: each step adds two binary digits after
the point, so every value stays exact in float64 and the result does not depend on the order of
the operations; the NumPy computation below must match bit for bit.

Numba's simulator implements g.sync() as a block barrier (it supports one-block cooperative grids
only), so with 8 blocks it prints other values on the lines below; stencil_grid_sync.expected
comes from first principles: what the kernel computes is exactly heat_steps_numpy's result.
"""
# simulator-differs: u[0] checksum equal
import numpy as np
from numba import cuda

STEPS = 8  # even: the result ends in the first array


@cuda.jit
def heat_steps(a, b, steps):
    """Runs `steps` smoothing steps, a -> b, b -> a, ...; the result is in a when steps is even."""
    g = cuda.cg.this_grid()
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    n = a.size
    for step in range(steps):
        if step % 2 == 0:
            src = a
            dst = b
        else:
            src = b
            dst = a
        for i in range(start, n, stride):
            if i == 0 or i == n - 1:
                dst[i] = src[i]
            else:
                dst[i] = 0.25 * src[i - 1] + 0.5 * src[i] + 0.25 * src[i + 1]
        g.sync()  # every thread reaches it: the loop bounds are the same for the whole grid


def heat_steps_numpy(u, steps):
    u = u.copy()
    for _ in range(steps):
        nxt = u.copy()
        nxt[1:-1] = 0.25 * u[:-2] + 0.5 * u[1:-1] + 0.25 * u[2:]
        u = nxt
    return u


if __name__ == "__main__":
    n = 5003
    i = np.arange(n, dtype=np.int64)
    u0 = ((i * 2654435761) % 4096).astype(np.float64)  # integers in [0, 4096), scattered
    a_device = cuda.to_device(u0)
    b_device = cuda.device_array(n, dtype=np.float64)

    blocks, threads = 8, 64
    heat_steps[blocks, threads](a_device, b_device, STEPS)

    result = a_device.copy_to_host()
    expected = heat_steps_numpy(u0, STEPS)
    print(f"n = {n}, {STEPS} steps in one launch of {blocks} blocks of {threads} threads (grid-stride, g.sync() between steps)")
    print(f"u[0] = {result[0]:.6f}, u[1] = {result[1]:.6f}, u[2500] = {result[2500]:.6f}, u[{n - 1}] = {result[n - 1]:.6f}")
    print(f"checksum: sum = {result.sum():.6f}, weighted = {(result * (i % 7)).sum():.6f}")
    print(f"equal to NumPy: {bool((result == expected).all())}")
