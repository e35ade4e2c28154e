"""1-D heat equation by explicit finite differences: one kernel launched 400 times from a host
loop, alternating between two device arrays (ping-pong buffers) so that no data returns to the
host until the end.

Each step computes u_next[i] = u[i] + alpha * (u[i-1] - 2 u[i] + u[i+1]) for the interior points;
the two end points stay at 0 (a cold boundary). The initial condition is a hot spike in the
middle of the rod. With alpha = 0.25 the scheme is stable, heat spreads out, and the total
decreases as it leaks through the ends.
"""
import numpy as np
from numba import cuda


@cuda.jit("void(float64[:], float64[:], float64)")
def heat_step(u, u_next, alpha):
    i = cuda.grid(1)
    n = u.size
    if i >= n:
        return
    if i == 0 or i == n - 1:
        u_next[i] = u[i]
    else:
        u_next[i] = u[i] + alpha * (u[i - 1] - 2.0 * u[i] + u[i + 1])


if __name__ == "__main__":
    n = 101
    steps = 400
    threads_per_block = 32
    blocks = (n + threads_per_block - 1) // threads_per_block

    u0 = np.zeros(n, dtype=np.float64)
    u0[n // 2] = 100.0
    u = cuda.to_device(u0)
    u_next = cuda.device_array(n, dtype=np.float64)
    for step in range(steps):
        heat_step[blocks, threads_per_block](u, u_next, 0.25)
        u, u_next = u_next, u  # the newest values are in u again
    result = u.copy_to_host()

    for i in [0, 1, 25, 45, 50, 55, 75, n - 1]:
        print(f"u[{i}] = {result[i]:.6f}")
    total = 0.0
    for i in range(n):
        total += float(result[i])
    print(f"total heat after {steps} steps = {total:.6f}")
