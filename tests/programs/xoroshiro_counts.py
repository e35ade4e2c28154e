"""Per-thread random numbers with numba.cuda.random: exact counts of the draws."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda
from numba.cuda.random import create_xoroshiro128p_states, xoroshiro128p_uniform_float32


@cuda.jit
def draw(states, samples, out):
    tid = cuda.grid(1)
    if tid < out.shape[0]:
        inside = 0
        for k in range(samples):
            x = float(xoroshiro128p_uniform_float32(states, tid))
            y = float(xoroshiro128p_uniform_float32(states, tid))
            if x * x + y * y <= 1.0:  # float64: x * x is exact, so an FMA changes nothing
                inside += 1
        out[tid] = inside


@cuda.jit
def first_draws(states, out):
    tid = cuda.grid(1)
    if tid < out.shape[0]:
        out[tid] = xoroshiro128p_uniform_float32(states, tid)


if __name__ == "__main__":
    threads = 64
    states = create_xoroshiro128p_states(threads, seed=2024)
    counts = cuda.device_array(threads, dtype=np.int64)
    draw[2, 32](states, 20, counts)
    c = counts.copy_to_host()
    print("per-thread counts:", c[:8], "total:", c.sum())
    print("pi estimate:", 4.0 * c.sum() / (threads * 20))
    draw[2, 32](states, 20, counts)
    c2 = counts.copy_to_host()
    print("second launch continues:", c2[:8], "total:", c2.sum())

    fresh = create_xoroshiro128p_states(4, seed=1)
    firsts = np.zeros(4, dtype=np.float32)
    first_draws[1, 4](fresh, firsts)
    above = 0
    for v in firsts:
        if v > 0.5:
            above += 1
    print("first draws > 0.5:", above, "all in [0, 1):", bool(firsts.min() >= 0.0 and firsts.max() < 1.0))
