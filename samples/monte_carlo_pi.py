"""Monte Carlo estimate of pi with one xoroshiro128+ random number generator per thread.

Course: "Introduction to CUDA Python with Numba" estimates pi by Monte Carlo on the CPU
(monte_carlo_pi); this is the GPU version, after the Numba documentation's compute_pi example for
numba.cuda.random. create_xoroshiro128p_states(n, seed=...) builds n generator states on the
host, each 2**64 draws ahead of the previous one, so the threads' streams never overlap. Each
thread draws `iterations` points in the unit square from its own state and counts those inside the
quarter circle; the host sums the counts: pi ~ 4 * inside / points. The states live in a device
array and advance as they are used, so a second launch continues every thread's stream.

The sequence is fixed by the seed, so the counts are exact integers, the same on every run. A GPU
contracts `x**2 + y**2` into one FMA, whose single rounding can move the float32 sum by ~1e-7; for
this seed the point nearest the circle has |x**2 + y**2 - 1| = 1.7e-5, so no point can cross it.
"""
import numpy as np
from numba import cuda, int32, int64, void
from numba.cuda.random import (create_xoroshiro128p_states, xoroshiro128p_type,
                               xoroshiro128p_uniform_float32)


# A string signature cannot name the state type, so the signature is built from type objects.
@cuda.jit(void(xoroshiro128p_type[:], int64, int32[:]))
def count_inside(rng_states, iterations, counts):
    """counts[i] = how many of thread i's `iterations` random points fall inside the circle."""
    i = cuda.grid(1)
    if i < counts.size:  # one state per thread: the grid's extra threads must not touch them
        inside = 0
        for _ in range(iterations):
            x = xoroshiro128p_uniform_float32(rng_states, i)
            y = xoroshiro128p_uniform_float32(rng_states, i)
            if x**2 + y**2 <= 1.0:
                inside += 1
        counts[i] = inside


if __name__ == "__main__":
    n_threads = 200  # not a multiple of the block size: the last block has idle threads
    threads_per_block = 64
    blocks = (n_threads + threads_per_block - 1) // threads_per_block
    iterations = 100
    rng_states = create_xoroshiro128p_states(n_threads, seed=2024)
    counts_device = cuda.device_array(n_threads, dtype=np.int32)

    total_inside = 0
    total_points = 0
    for launch in (1, 2):
        count_inside[blocks, threads_per_block](rng_states, iterations, counts_device)
        counts = counts_device.copy_to_host()
        inside = int(counts.sum(dtype=np.int64))
        points = n_threads * iterations
        total_inside += inside
        total_points += points
        print(f"launch {launch}: {n_threads} threads x {iterations} points, inside = {inside}, "
              f"pi ~ {4.0 * inside / points:.6f}")
        print(f"  counts[0] = {counts[0]}, counts[1] = {counts[1]}, counts[{n_threads - 1}] = {counts[n_threads - 1]}, "
              f"min = {counts.min()}, max = {counts.max()}")
    print(f"both launches: {total_inside} of {total_points} points inside, pi ~ {4.0 * total_inside / total_points:.6f}")
