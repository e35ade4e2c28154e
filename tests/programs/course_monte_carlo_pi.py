"""Monte Carlo estimate of pi with cuda.random's xoroshiro128p generator, one count per thread."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import math
import numpy as np
from numba import cuda
from numba.cuda.random import create_xoroshiro128p_states, xoroshiro128p_uniform_float64


@cuda.jit
def count_inside(states, samples, counts):
    tid = cuda.grid(1)
    if tid >= counts.size:
        return
    inside = 0
    for _ in range(samples):
        x = xoroshiro128p_uniform_float64(states, tid)
        y = xoroshiro128p_uniform_float64(states, tid)
        if x * x + y * y <= 1.0:
            inside += 1
    counts[tid] = inside


@cuda.jit(device=True)
def sq(x):
    return x * x


@cuda.jit
def distances(xs, ys, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = math.sqrt(sq(xs[i]) + sq(ys[i]))


def main():
    threads, blocks = 64, 4
    n = threads * blocks
    states = create_xoroshiro128p_states(n, seed=2024)
    counts = cuda.device_array(n, dtype=np.int32)
    samples = 200
    count_inside[blocks, threads](states, samples, counts)
    c = counts.copy_to_host()
    estimate = 4.0 * c.sum() / (n * samples)
    print(f"inside: {c.sum()} of {n * samples}")
    print(f"pi ~ {estimate:.5f} (error {abs(estimate - math.pi):.5f})")
    print("per-thread min/max:", c.min(), c.max(), "first:", c[:6])
    count_inside[blocks, threads](states, samples, counts)
    c2 = counts.copy_to_host()
    print("second round differs:", not np.array_equal(c, c2), "total", int(c.sum() + c2.sum()))
    xs = np.array([3.0, 0.6, 1.0, 0.0])
    ys = np.array([4.0, 0.8, 1.0, 2.5])
    out = np.zeros_like(xs)
    distances[1, 32](xs, ys, out)
    print(out, np.hypot(xs, ys))
    print("inside circle:", (out <= 1.0).sum(), np.count_nonzero(out > 1.0))


if __name__ == "__main__":
    main()
